import { Alert, Statistic, Table, Typography, type TableProps } from 'antd';
import { useTrialConversionsQuery, type TrialConversionReport } from '../api/analytics.api';
import { formatRate, totalsOf } from '../utils/conversion';
import type { ReportRange } from './report-range';
import './analytics.css';

type Day = TrialConversionReport['days'][number];

const COLUMNS: TableProps<Day>['columns'] = [
  { title: 'Day', dataIndex: 'day', key: 'day' },
  { title: 'Plan', dataIndex: 'plan', key: 'plan' },
  { title: 'Trials started', dataIndex: 'trials_started', key: 'started', align: 'right' },
  { title: 'Converted', dataIndex: 'trials_converted', key: 'converted', align: 'right' },
  { title: 'Canceled', dataIndex: 'trials_canceled', key: 'canceled', align: 'right' },
];

/** The trial-conversion figures (DESIGN 'Who uses it': analysts), for the dashboard's dates. */
export function TrialConversions({ range }: { range: ReportRange }) {
  const report = useTrialConversionsQuery(range, { refetchOnMountOrArgChange: true });
  const totals = totalsOf(report.data?.days ?? []);

  return (
    <section aria-labelledby="trial-conversions-heading" className="analytics-section">
      <Typography.Title level={2} id="trial-conversions-heading" style={{ fontSize: 22 }}>
        Trial Conversions
      </Typography.Title>
      <Typography.Paragraph type="secondary">Trials started, converted to paid and canceled, per day and plan.</Typography.Paragraph>
      {report.isError ? (
        <Alert type="error" showIcon title="The trial conversions could not be loaded." />
      ) : (
        <>
          <div className="analytics-figures">
            <Statistic title="Trials started" value={totals.started} loading={report.isFetching} />
            <Statistic title="Converted" value={totals.converted} loading={report.isFetching} />
            <Statistic title="Canceled" value={totals.canceled} loading={report.isFetching} />
            <Statistic title="Conversion (of ended trials)" value={formatRate(totals.conversionRate)} loading={report.isFetching} />
          </div>
          <Table<Day>
            size="small"
            columns={COLUMNS}
            dataSource={report.data?.days ?? []}
            rowKey={(day) => `${day.day}-${day.plan}`}
            loading={report.isFetching}
            pagination={{ pageSize: 30, hideOnSinglePage: true }}
          />
        </>
      )}
    </section>
  );
}
