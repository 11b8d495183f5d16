import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CrownFilled from '@ant-design/icons/CrownFilled';
import { Button, Modal, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { recordPromptShown } from '../../../shared/subscription-prompt/prompt-schedule';
import {
  closeSubscriptionPrompt,
  selectSubscriptionPromptOpen,
} from '../../../shared/subscription-prompt/subscription-prompt.slice';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { PRO_FEATURES, pricing } from '../pricing';
import './subscription-prompt.css';

/** The global upgrade dialog; its single open/closed state lives in the store. */
export function SubscriptionPrompt() {
  const open = useAppSelector(selectSubscriptionPromptOpen);
  const dispatch = useAppDispatch();
  const close = () => dispatch(closeSubscriptionPrompt());

  // SPEC 2: the home page's timer skips the prompt for an hour after it was shown.
  useEffect(() => {
    if (open) recordPromptShown();
  }, [open]);

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      centered
      width={460}
      title={
        <span className="subscription-prompt__title">
          <CrownFilled aria-hidden /> Upgrade to Pro
        </span>
      }
    >
      <Typography.Paragraph>Get the full comedy club:</Typography.Paragraph>
      <ul className="subscription-prompt__features">
        {PRO_FEATURES.map((feature) => (
          <li key={feature}>
            <CheckCircleFilled aria-hidden className="subscription-prompt__check" /> {feature}
          </li>
        ))}
      </ul>
      <div className="subscription-prompt__pricing">
        <div>
          <strong className="subscription-prompt__price">{pricing.monthly}</strong>/month
        </div>
        <div>
          or <strong>{pricing.yearlyPerMonth}</strong>/month billed yearly{' '}
          <Tag color="green">Save {pricing.yearlySaving}</Tag>
        </div>
      </div>
      <Typography.Paragraph type="secondary" className="subscription-prompt__trial">
        {pricing.trialDays}-day free trial, cancel anytime.
      </Typography.Paragraph>
      <ButtonLink to="/subscribe" type="primary" size="large" block onNavigate={close}>
        Start Free Trial
      </ButtonLink>
      <Button type="text" block onClick={close} className="subscription-prompt__later">
        Maybe later
      </Button>
    </Modal>
  );
}
