import { Alert, Button } from 'antd';
import { loginFormFailureText } from '../utils/login-failure';

interface PendingDeletionNoticeProps {
  onCancelDeletion: () => void;
  canceling: boolean;
}

/**
 * The login form's answer to an account scheduled for deletion (issue 11):
 * signing in is refused until the deletion is canceled, which this offers with
 * the e-mail and password just typed. The toast names the erasure date.
 */
export function PendingDeletionNotice({ onCancelDeletion, canceling }: PendingDeletionNoticeProps) {
  return (
    <Alert
      type="warning"
      showIcon
      className="auth-page__notice"
      title={loginFormFailureText('account-pending-deletion')}
      description={
        <>
          <p style={{ margin: '4px 0 12px' }}>Cancel the deletion to keep your account and everything in it.</p>
          <Button type="primary" block loading={canceling} onClick={onCancelDeletion}>
            Cancel deletion and sign in
          </Button>
        </>
      }
    />
  );
}
