import LockOutlined from '@ant-design/icons/LockOutlined';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useAppDispatch } from '../../../shared/store/hooks';
import { openSubscriptionPrompt } from '../../../shared/subscription-prompt/subscription-prompt.slice';
import type { CatalogueOption } from '../utils/catalogue-options';
import './gated-select.css';

export type GatedSelectProps = Omit<SelectProps<string>, 'options' | 'onChange' | 'showSearch' | 'optionRender'> & {
  options: readonly CatalogueOption[];
  onChange?: (value: string) => void;
  searchable?: boolean;
};

function OptionLabel({ label, locked }: { label: string; locked: boolean }) {
  return (
    <span className="gated-option">
      <span className="gated-option__label">{label}</span>
      {locked && <LockOutlined className="gated-option__lock" aria-label="Premium: subscribe to unlock" />}
    </span>
  );
}

/**
 * A dropdown whose premium entries show a lock and cannot be chosen: pressing
 * one opens the subscription prompt (SPEC 5). They are not antd-`disabled`,
 * because disabled options swallow the press and are skipped by the keyboard;
 * the refusal happens in onChange instead, for mouse and keyboard alike.
 */
export function GatedSelect({ options, value, onChange, searchable = false, ...selectProps }: GatedSelectProps) {
  const dispatch = useAppDispatch();

  const selectOptions = useMemo(
    () =>
      options.map(({ value, label, locked }) => ({
        value,
        label,
        locked,
        className: locked ? 'gated-option--locked' : undefined,
      })),
    [options],
  );

  const handleChange = (next: string) => {
    if (options.find((option) => option.value === next)?.locked) {
      dispatch(openSubscriptionPrompt());
      return;
    }
    onChange?.(next);
  };

  return (
    <Select<string>
      {...selectProps}
      // Always controlled (null, not undefined, when empty): otherwise the Select
      // would keep a refused choice in its own state.
      value={value ?? null}
      options={selectOptions}
      onChange={handleChange}
      showSearch={searchable ? { optionFilterProp: 'label' } : false}
      optionRender={(option) => <OptionLabel label={String(option.label)} locked={option.data.locked === true} />}
      // SPEC 9: the list is at most 300px high and says so when a search finds nothing.
      listHeight={300}
      notFoundContent="No results found"
    />
  );
}
