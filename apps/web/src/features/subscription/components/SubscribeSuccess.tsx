import { Result } from 'antd';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { pricing } from '../pricing';

/** The flow's success state, shown until the account page opens (3 s). */
export function SubscribeSuccess({ trial }: { trial: boolean }) {
  return (
    <Result
      status="success"
      title="Welcome to Pro!"
      subTitle={
        trial
          ? `Your ${pricing.trialDays}-day free trial is activated. Taking you to your account…`
          : 'Your subscription is active. Taking you to your account…'
      }
      extra={
        <ButtonLink to="/account" type="primary">
          Go to my account
        </ButtonLink>
      }
    />
  );
}
