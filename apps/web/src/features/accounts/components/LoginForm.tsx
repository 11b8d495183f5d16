import { Alert, Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../shared/auth/use-auth';
import { loginFormFailureText } from '../utils/login-failure';
import { CredentialFields } from './CredentialFields';

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

interface LoginFormProps {
  onSignedIn: () => void;
  onForgotPassword: () => void;
}

/**
 * SPEC 2 '/auth' login tab. A failure is a toast (SPEC 8 'Login') and, in the
 * form's own words, a message above the fields until the form is changed.
 */
export function LoginForm({ onSignedIn, onForgotPassword }: LoginFormProps) {
  const { signIn, loading } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);

  const handleFinish = async ({ email, password, rememberMe }: LoginValues) => {
    setFailure(null);
    const outcome = await signIn(email.trim(), password, rememberMe);
    if (outcome === 'signed-in') onSignedIn();
    else setFailure(loginFormFailureText(outcome));
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
      {failure && <Alert type="error" showIcon className="auth-page__notice" title={failure} />}
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
