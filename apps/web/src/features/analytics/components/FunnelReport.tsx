import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Alert, Button, Skeleton, Table, Typography, type TableProps } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useFunnelReportQuery, type FunnelDay } from '../api/analytics.api';
import { downloadCsv, toCsv } from '../utils/csv';
import { reportFileName } from '../utils/engagement';
import { FUNNEL_STAGES, funnelCsvHeader, funnelCsvRows, funnelTotals } from '../utils/funnel';
import type { ReportRange } from './report-range';
import './analytics.css';

const FunnelChart = lazy(() => import('../charts/EngagementCharts').then((module) => ({ default: module.FunnelChart })));

const COLUMNS: TableProps<FunnelDay>['columns'] = [
  { title: 'Day', dataIndex: 'day', key: 'day' },
  ...FUNNEL_STAGES.map(({ field, title }) => ({ title, dataIndex: field, key: field, align: 'right' as const })),
];

/** Per day: visitors, then those who generated, rated or shared, signed up, started a trial and paid. */
export function FunnelReport({ range }: { range: ReportRange }) {
  const funnel = useFunnelReportQuery(range, { refetchOnMountOrArgChange: true });
  const days = useMemo(() => funnel.data?.days ?? [], [funnel.data]);
  const stages = useMemo(() => funnelTotals(days), [days]);

  return (
    <section aria-labelledby="funnel-heading" className="analytics-section">
      <Typography.Title level={2} id="funnel-heading" style={{ fontSize: 22 }}>
        Funnel
      </Typography.Title>
      <div className="analytics-toolbar">
        <Typography.Text type="secondary">
          Distinct visitors per day; engaged means rated or shared a joke.
        </Typography.Text>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => downloadCsv(reportFileName('funnel', range), toCsv(funnelCsvHeader, funnelCsvRows(days)))}
          disabled={!funnel.data || funnel.isFetching}
        >
          Export funnel CSV
        </Button>
      </div>
      {funnel.isError ? (
        <Alert type="error" showIcon title="The funnel could not be loaded." />
      ) : (
        <>
          {funnel.data && days.length > 0 && (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
              <FunnelChart stages={stages} />
            </Suspense>
          )}
          <Table<FunnelDay>
            size="small"
            aria-label="Funnel per day"
            columns={COLUMNS}
            dataSource={days}
            rowKey={(day) => day.day}
            loading={funnel.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
          />
        </>
      )}
    </section>
  );
}
