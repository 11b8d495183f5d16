import { Button, Checkbox, Form, Input } from 'antd';
import { useAuth } from '../../../shared/auth/use-auth';
import { ageConfirmedRules, emailRules, passwordRules } from '../utils/credentials.rules';

interface RegisterValues {
  email: string;
  password: string;
  rememberMe: boolean;
  ageConfirmed: boolean;
}

/** SPEC 2 '/auth' register tab; users must be 18 or older (SPEC 1). */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { signUp, loading } = useAuth();
  const [form] = Form.useForm<RegisterValues>();

  const handleFinish = async ({ email, password, rememberMe, ageConfirmed }: RegisterValues) => {
    if (!(await signUp(email.trim(), password, rememberMe, ageConfirmed))) return;
    form.resetFields();
    onRegistered(email.trim());
  };

  return (
    <Form<RegisterValues>
      form={form}
      name="register"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: '', password: '', rememberMe: true, ageConfirmed: false }}
      onFinish={(values) => void handleFinish(values)}
    >
      <Form.Item name="email" label="Email" rules={emailRules}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Form.Item name="password" label="Password" rules={passwordRules()}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="rememberMe" valuePropName="checked">
        <Checkbox>Remember me</Checkbox>
      </Form.Item>
      <Form.Item name="ageConfirmed" valuePropName="checked" rules={ageConfirmedRules}>
        <Checkbox>I confirm that I am 18 years of age or older</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={loading}>
        Create Account
      </Button>
    </Form>
  );
}
