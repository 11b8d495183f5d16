import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../../shared/auth/use-auth';
import { emailRules } from '../utils/credentials.rules';

/**
 * SPEC 2 '/auth' Forgot Password view: one e-mail field and Send Reset Link.
 * A sent link is a toast and, in the form's own words (SPEC 8's second
 * reading), 'Password Reset Email Sent' above the field, naming the address.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { resetPassword, loading } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleFinish = async (email: string) => {
    setSentTo(null);
    if (await resetPassword(email)) setSentTo(email);
  };

  return (
    <Form<{ email: string }>
      name="forgot-password"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: '' }}
      onFinish={({ email }) => void handleFinish(email.trim())}
    >
      {sentTo && (
        <Alert
          type="success"
          showIcon
          className="auth-page__notice"
          title="Password Reset Email Sent"
          description={`Follow the link we sent to ${sentTo} to choose a new password.`}
        />
      )}
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
