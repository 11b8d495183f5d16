import { Button, Form, Input, Typography } from 'antd';
import { useAuth } from '../../../shared/auth/use-auth';
import { emailRules } from '../utils/credentials.rules';

/** SPEC 2 '/auth' Forgot Password view: one e-mail field and Send Reset Link. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { resetPassword, loading } = useAuth();

  return (
    <Form<{ email: string }>
      name="forgot-password"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: '' }}
      onFinish={({ email }) => void resetPassword(email.trim())}
    >
      <Typography.Paragraph type="secondary">
        Enter the e-mail address of your account and we will send you a link to set a new password.
      </Typography.Paragraph>
      <Form.Item name="email" label="Email" rules={emailRules}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={loading}>
        Send Reset Link
      </Button>
      <Button type="link" block onClick={onBack} className="auth-page__back">
        Back to login
      </Button>
    </Form>
  );
}
