import { Alert, Button, Form, Input, Typography } from 'antd';
import { useLocation } from 'react-router-dom';
import { usePasswordReset, REQUEST_NEW_LINK_PATH } from '../../features/accounts/hooks/use-password-reset';
import { matchesRule, passwordRules, VALIDATION } from '../../features/accounts/utils/credentials.rules';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { Panel } from '../../shared/ui/Panel';
import './auth-page.css';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

function ResetPasswordFlow() {
  const { state, submit, submitting } = usePasswordReset();

  if (state.step === 'verifying') return <PageSpinner label="Verifying your reset link" />;

  return (
    <div className="auth-page">
      <Panel>
        <Typography.Title level={1} className="auth-page__title">
          Set a new password
        </Typography.Title>
        {state.step === 'success' && (
          <Alert
            type="success"
            showIcon
            role="status"
            title="Password updated"
            description="Your password has been successfully updated. Taking you to the login page…"
          />
        )}
        {state.step === 'error' && (
          <>
            <Alert type="error" showIcon className="auth-page__notice" title={state.message} role="alert" />
            <ButtonLink to={REQUEST_NEW_LINK_PATH} type="primary" block>
              Request a new reset link
            </ButtonLink>
          </>
        )}
        {state.step === 'form' && (
          <>
            {state.warning && <Alert type="warning" showIcon className="auth-page__notice" title={state.warning} />}
            <Form<NewPasswordValues>
              name="new-password"
              layout="vertical"
              requiredMark={false}
              onFinish={({ password }) => void submit(password)}
            >
              <Form.Item name="password" label="New Password" rules={passwordRules(VALIDATION.resetPassword)}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label="Confirm New Password"
                dependencies={['password']}
                rules={[{ required: true, message: VALIDATION.mismatch }, matchesRule('password')]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
                Update Password
              </Button>
            </Form>
          </>
        )}
      </Panel>
    </div>
  );
}

/** SPEC 2 '/reset-password-confirm': set a new password from a reset link. */
export function ResetPasswordPage() {
  useDocumentTitle('Set New Password');
  const { search, hash } = useLocation();
  // Another link opened in the same tab starts over from verifying.
  return <ResetPasswordFlow key={`${search}${hash}`} />;
}
