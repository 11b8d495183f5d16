import { Alert, Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useAuth, type SignInOutcome } from '../../../shared/auth/use-auth';
import { useCancelDeletion, type PendingSignIn } from '../hooks/use-cancel-deletion';
import { loginFormFailureText } from '../utils/login-failure';
import { CredentialFields } from './CredentialFields';
import { PendingDeletionNotice } from './PendingDeletionNotice';

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

interface LoginFormProps {
  onSignedIn: () => void;
  onForgotPassword: () => void;
}

type Failure = { kind: 'message'; text: string } | { kind: 'pending-deletion'; signIn: PendingSignIn };

/**
 * SPEC 2 '/auth' login tab. A failure is a toast (SPEC 8 'Login') and, in the
 * form's own words, a message above the fields until the form is changed. An
 * account scheduled for deletion gets the offer to cancel it instead (issue 11),
 * for the credentials just typed: changing them withdraws the offer.
 */
export function LoginForm({ onSignedIn, onForgotPassword }: LoginFormProps) {
  const { signIn, loading } = useAuth();
  const { cancelAndSignIn, isCanceling } = useCancelDeletion();
  const [failure, setFailure] = useState<Failure | null>(null);

  const settle = (outcome: SignInOutcome, attempt: PendingSignIn) => {
    if (outcome === 'signed-in') onSignedIn();
    else if (outcome === 'account-pending-deletion') setFailure({ kind: 'pending-deletion', signIn: attempt });
    else setFailure({ kind: 'message', text: loginFormFailureText(outcome) });
  };

  const handleFinish = async ({ email, password, rememberMe }: LoginValues) => {
    setFailure(null);
    const attempt = { email: email.trim(), password, rememberMe };
    settle(await signIn(attempt.email, password, rememberMe), attempt);
  };

  const handleCancelDeletion = async (attempt: PendingSignIn) => {
    const outcome = await cancelAndSignIn(attempt);
    // A refused cancellation has said why in its toast; the offer stays.
    if (outcome !== 'cancel-refused') settle(outcome, attempt);
  };

  return (
    <Form<LoginValues>
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: '', password: '', rememberMe: true }}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={() => setFailure(null)}
    >
      {failure?.kind === 'message' && <Alert type="error" showIcon className="auth-page__notice" title={failure.text} />}
      {failure?.kind === 'pending-deletion' && (
        <PendingDeletionNotice canceling={isCanceling} onCancelDeletion={() => void handleCancelDeletion(failure.signIn)} />
      )}
      <CredentialFields passwordAutoComplete="current-password" />
      <div className="auth-page__row">
        <Form.Item name="rememberMe" valuePropName="checked" noStyle>
          <Checkbox>Remember me</Checkbox>
        </Form.Item>
        <Button type="link" onClick={onForgotPassword} className="auth-page__inline-link">
          Forgot Password?
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block size="large" loading={loading}>
        Login
      </Button>
    </Form>
  );
}
