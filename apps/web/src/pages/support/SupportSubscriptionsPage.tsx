import { Typography } from 'antd';
import { SubscriptionAudit } from '../../features/support/components/SubscriptionAudit';
import { RequireRole } from '../../shared/auth/RequireRole';
import { SUPPORT_ROLES } from '../../shared/auth/roles';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { Panel } from '../../shared/ui/Panel';
import { NotFoundPage } from '../NotFoundPage';

function SupportSubscriptions() {
  useDocumentTitle('Subscription Audit');
  return (
    <Panel>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Subscription Audit
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Every trial, payment, failure and cancellation of one user, with who or what caused it and when.
      </Typography.Paragraph>
      <SubscriptionAudit />
    </Panel>
  );
}

/** DESIGN 'Who uses it': support staff audit one user's subscription history. Support and admin only. */
export function SupportSubscriptionsPage() {
  return (
    <RequireRole roles={SUPPORT_ROLES} forbidden={<NotFoundPage />}>
      <SupportSubscriptions />
    </RequireRole>
  );
}
