import type { PlanTypeValue } from '@jokes/contracts';
import { Radio, Tag } from 'antd';
import { pricing } from '../pricing';

interface PlanPickerProps {
  value?: PlanTypeValue;
  onChange?: (plan: PlanTypeValue) => void;
}

/** SPEC 2 '/subscribe': the monthly/yearly toggle, with SPEC 9's prices. */
export function PlanPicker({ value = 'monthly', onChange }: PlanPickerProps) {
  return (
    <Radio.Group
      className="plan-picker"
      value={value}
      onChange={(event) => onChange?.(event.target.value as PlanTypeValue)}
      aria-label="Billing period"
    >
      <Radio.Button value="monthly" className="plan-picker__option">
        <span className="plan-picker__name">Monthly</span>
        <span className="plan-picker__price">{pricing.monthly}/month</span>
      </Radio.Button>
      <Radio.Button value="yearly" className="plan-picker__option">
        <span className="plan-picker__name">
          Yearly <Tag color="green">Save {pricing.yearlySaving}</Tag>
        </span>
        <span className="plan-picker__price">{pricing.yearlyPerMonth}/month</span>
        <span className="plan-picker__note">billed {pricing.yearly}/year</span>
      </Radio.Button>
    </Radio.Group>
  );
}
