import { Button, Form, Input } from 'antd';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { matchesRule, passwordRules } from '../utils/credentials.rules';

interface ChangePasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** SPEC 2 '/account' Password tab (SPEC 5 rules, SPEC 8 toasts). */
export function ChangePasswordForm() {
  const { updatePassword, loading } = useAuth();
  const { toast } = useToast();
  const [form] = Form.useForm<ChangePasswordValues>();

  const handleFinish = async ({ newPassword }: ChangePasswordValues) => {
    try {
      await updatePassword(newPassword);
      form.resetFields();
      toast({ title: 'Password Updated', description: 'Your password has been successfully updated.' });
    } catch (error) {
      toast({
        title: 'Password Update Failed',
        description: error instanceof Error && error.message ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Form<ChangePasswordValues>
      form={form}
      name="change-password"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void handleFinish(values)}
      style={{ maxWidth: 420 }}
    >
      <Form.Item name="newPassword" label="New Password" rules={passwordRules()}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="Confirm New Password"
        dependencies={['newPassword']}
        rules={[...passwordRules(), matchesRule('newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading}>
        Update Password
      </Button>
    </Form>
  );
}
