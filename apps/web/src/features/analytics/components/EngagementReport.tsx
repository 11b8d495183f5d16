import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { ENGAGEMENT_DIMENSIONS, type EngagementDimension } from '@jokes/contracts';
import { Alert, Button, Form, Radio, Skeleton, Statistic, Table, Typography, type TableProps } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useEngagementReportQuery, type EngagementRow } from '../api/analytics.api';
import { downloadCsv, toCsv } from '../utils/csv';
import {
  activitySeries,
  DIMENSION_LABELS,
  engagementColumns,
  engagementTotals,
  formatAverage,
  histogramBars,
  platformBars,
  reportFileName,
} from '../utils/engagement';
import type { ReportRange } from './report-range';
import './analytics.css';

const EngagementCharts = lazy(() => import('../charts/EngagementCharts').then((module) => ({ default: module.EngagementCharts })));

const DIMENSION_OPTIONS = ENGAGEMENT_DIMENSIONS.map((value) => ({ value, label: DIMENSION_LABELS[value] }));

/**
 * Engagement (issue 9): generated, rated and shared jokes, ratings, shares per
 * platform, page views and visitors, grouped by day, comedian, length, topic or
 * platform, for the dashboard's dates. The CSV holds exactly the table shown.
 */
export function EngagementReport({ range }: { range: ReportRange }) {
  const [by, setBy] = useState<EngagementDimension>('day');
  const report = useEngagementReportQuery({ ...range, by }, { refetchOnMountOrArgChange: true });
  // The line per day is drawn whatever the table is grouped by (the same request when by day).
  const daily = useEngagementReportQuery({ ...range, by: 'day' }, { refetchOnMountOrArgChange: true });
  const rows = useMemo(() => report.data?.rows ?? [], [report.data]);
  const totals = useMemo(() => engagementTotals(rows), [rows]);
  const columns = useMemo(() => engagementColumns(by), [by]);
  const shownBy = report.data?.by ?? by;

  const tableColumns: TableProps<EngagementRow>['columns'] = columns.map((column) => ({
    key: column.field,
    title: column.title,
    align: column.numeric ? 'right' : 'left',
    render: (_value: unknown, row: EngagementRow) => (column.display ? column.display(row) : column.value(row)) ?? '—',
    ...(column.numeric ? {} : { fixed: 'left' as const }),
  }));

  const exportCsv = () => {
    const shown = engagementColumns(shownBy);
    const csv = toCsv(
      shown.map((column) => column.field),
      rows.map((row) => shown.map((column) => column.value(row))),
    );
    downloadCsv(reportFileName('engagement', range, shownBy), csv);
  };

  return (
    <section aria-labelledby="engagement-heading" className="analytics-section">
      <Typography.Title level={2} id="engagement-heading" style={{ fontSize: 22 }}>
        Engagement
      </Typography.Title>
      <div className="analytics-toolbar">
        <Form.Item label="Group by" style={{ marginBottom: 0 }}>
          <Radio.Group
            optionType="button"
            options={DIMENSION_OPTIONS}
            value={by}
            onChange={(event) => setBy(event.target.value as EngagementDimension)}
          />
        </Form.Item>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={exportCsv} disabled={!report.data || report.isFetching}>
          Export engagement CSV
        </Button>
      </div>
      {report.isError ? (
        <Alert type="error" showIcon title="The engagement figures could not be loaded." />
      ) : (
        <>
          <div className="analytics-figures">
            <Statistic title="Jokes generated" value={totals.generated} loading={report.isFetching} />
            <Statistic title="Ratings" value={totals.rated} loading={report.isFetching} />
            <Statistic title="Average rating" value={formatAverage(totals.average) ?? '—'} loading={report.isFetching} />
            <Statistic title="Shares" value={totals.shares} loading={report.isFetching} />
            <Statistic title="Page views" value={totals.pageViews} loading={report.isFetching} />
          </div>
          {report.data && daily.data && (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
              <EngagementCharts
                by={shownBy}
                perDay={activitySeries(daily.data.rows)}
                perKey={activitySeries(rows)}
                histogram={histogramBars(totals)}
                platforms={platformBars(totals)}
              />
            </Suspense>
          )}
          <Table<EngagementRow>
            size="small"
            aria-label={`Engagement by ${DIMENSION_LABELS[shownBy].toLowerCase()}`}
            columns={tableColumns}
            dataSource={rows}
            rowKey={(row) => row.key}
            loading={report.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 31, hideOnSinglePage: true }}
          />
        </>
      )}
    </section>
  );
}
