import { Typography } from 'antd';
import { useState } from 'react';
import { EngagementReport } from '../../features/analytics/components/EngagementReport';
import { FunnelReport } from '../../features/analytics/components/FunnelReport';
import { RefusalReport } from '../../features/analytics/components/RefusalReport';
import type { ReportRange } from '../../features/analytics/components/report-range';
import { ReportRangeFilter } from '../../features/analytics/components/ReportRangeFilter';
import { TrialConversions } from '../../features/analytics/components/TrialConversions';
import { RequireRole } from '../../shared/auth/RequireRole';
import { ANALYST_ROLES } from '../../shared/auth/roles';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { Panel } from '../../shared/ui/Panel';
import { NotFoundPage } from '../NotFoundPage';

function AnalyticsDashboard() {
  useDocumentTitle('Analytics Dashboard');
  const [range, setRange] = useState<ReportRange>({});
  return (
    <Panel>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Analytics Dashboard
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Engagement, the funnel from visit to payment, trial conversions and content-safety refusals, from the event stream's read models. Days are UTC.
      </Typography.Paragraph>
      <ReportRangeFilter onChange={setRange} />
      <EngagementReport range={range} />
      <FunnelReport range={range} />
      <TrialConversions range={range} />
      <RefusalReport range={range} />
    </Panel>
  );
}

/** DESIGN 11: the analysts' dashboard. Analyst and admin only (the APIs answer 403 to anyone else). */
export function AnalyticsDashboardPage() {
  return (
    <RequireRole roles={ANALYST_ROLES} forbidden={<NotFoundPage />}>
      <AnalyticsDashboard />
    </RequireRole>
  );
}
