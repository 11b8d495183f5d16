import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { Panel } from '../../../shared/ui/Panel';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** /account 'Danger Zone' (issue 11): deleting the account, behind a dialog that asks for the password. */
export function DangerZoneCard({ userId }: { userId: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel>
      <section aria-labelledby="danger-zone-title">
        <Typography.Title level={2} id="danger-zone-title" type="danger" style={{ fontSize: 20 }}>
          Danger Zone
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Deleting your account signs you out everywhere and erases your data after a grace period in which you can change
          your mind.
        </Typography.Paragraph>
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </section>
      <DeleteAccountDialog userId={userId} open={confirming} onClose={() => setConfirming(false)} />
    </Panel>
  );
}
