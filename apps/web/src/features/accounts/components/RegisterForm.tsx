import { Button, Checkbox, Form } from 'antd';
import { useAuth } from '../../../shared/auth/use-auth';
import { ageConfirmedRules } from '../utils/credentials.rules';
import { CredentialFields } from './CredentialFields';

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
      <CredentialFields passwordAutoComplete="new-password" />
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
