import { Button, Checkbox, Form } from 'antd';
import { useAuth } from '../../../shared/auth/use-auth';
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

/** SPEC 2 '/auth' login tab; failures are toasts (SPEC 8 'Login'). */
export function LoginForm({ onSignedIn, onForgotPassword }: LoginFormProps) {
  const { signIn, loading } = useAuth();

  const handleFinish = async ({ email, password, rememberMe }: LoginValues) => {
    if (await signIn(email.trim(), password, rememberMe)) onSignedIn();
  };

  return (
    <Form<LoginValues>
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: '', password: '', rememberMe: true }}
      onFinish={(values) => void handleFinish(values)}
    >
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
