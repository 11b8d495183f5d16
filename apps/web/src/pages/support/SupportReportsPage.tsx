import { Typography } from 'antd';
import { ReportQueue } from '../../features/support/components/ReportQueue';
import { RequireRole } from '../../shared/auth/RequireRole';
import { SUPPORT_ROLES } from '../../shared/auth/roles';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { Panel } from '../../shared/ui/Panel';
import { NotFoundPage } from '../NotFoundPage';

function SupportReports() {
  useDocumentTitle('Reported Jokes');
  return (
    <Panel>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Reported Jokes
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Jokes readers reported, the oldest report first. We promise removal within 48 hours: a report older than a day is marked red.
      </Typography.Paragraph>
      <ReportQueue />
    </Panel>
  );
}

/** Support staff work the queue of reported jokes: withdraw one, or dismiss its reports. Support and admin only. */
export function SupportReportsPage() {
  return (
    <RequireRole roles={SUPPORT_ROLES} forbidden={<NotFoundPage />}>
      <SupportReports />
    </RequireRole>
  );
}
