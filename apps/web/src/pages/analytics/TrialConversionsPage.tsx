import { Typography } from 'antd';
import { TrialConversions } from '../../features/analytics/components/TrialConversions';
import { RequireRole } from '../../shared/auth/RequireRole';
import { ANALYST_ROLES } from '../../shared/auth/roles';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { Panel } from '../../shared/ui/Panel';
import { NotFoundPage } from '../NotFoundPage';

function TrialConversionsReport() {
  useDocumentTitle('Trial Conversions');
  return (
    <Panel>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Trial Conversions
      </Typography.Title>
      <Typography.Paragraph type="secondary">Trials started, converted to paid and canceled, per day and plan.</Typography.Paragraph>
      <TrialConversions />
    </Panel>
  );
}

/** The analyst dashboard's trial conversion figures. Analyst and admin only. */
export function TrialConversionsPage() {
  return (
    <RequireRole roles={ANALYST_ROLES} forbidden={<NotFoundPage />}>
      <TrialConversionsReport />
    </RequireRole>
  );
}
