import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useAccountDeletion } from '../hooks/use-account-deletion';
import { ERASURE_AFTER_DAYS_BY_POLICY } from '../utils/account-deletion';

interface DeleteAccountDialogProps {
  userId: string;
  open: boolean;
  onClose: () => void;
}

/** What a deletion does, in the order it happens (issue 11 'For the user'). */
const CONSEQUENCES = [
  'You are signed out at once, on every device.',
  'An active subscription is canceled now: there will be no further charge.',
  `Your account and everything in it are erased after ${ERASURE_AFTER_DAYS_BY_POLICY} days. Payment records are kept as the law requires, without your name or address.`,
  'Until then, signing in offers to cancel the deletion and keep your account.',
];

/**
 * The confirmation of 'Delete my account': the consequences, then the password.
 * A refusal (a wrong password) stays in the dialog in the server's words until
 * the password is changed; success closes it with the page.
 */
export function DeleteAccountDialog({ userId, open, onClose }: DeleteAccountDialogProps) {
  const { deleteAccount, isDeleting } = useAccountDeletion(userId);
  const [form] = Form.useForm<{ password: string }>();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    form.resetFields();
    onClose();
  };

  const handleFinish = async ({ password }: { password: string }) => {
    setFailure(null);
    setFailure(await deleteAccount(password));
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title="Delete your account?"
      centered
      width={500}
      footer={[
        <Button key="keep" onClick={close} disabled={isDeleting}>
          Keep my account
        </Button>,
        <Button key="delete" danger type="primary" htmlType="submit" form="delete-account" loading={isDeleting}>
          Delete my account
        </Button>,
      ]}
    >
      <Typography.Paragraph>Deleting your account:</Typography.Paragraph>
      <ul>
        {CONSEQUENCES.map((consequence) => (
          <li key={consequence}>{consequence}</li>
        ))}
      </ul>
      <Form<{ password: string }>
        form={form}
        name="delete-account"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void handleFinish(values)}
        onValuesChange={() => setFailure(null)}
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="password"
          label="Enter your password to confirm"
          rules={[{ required: true, message: 'Please enter your password' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
