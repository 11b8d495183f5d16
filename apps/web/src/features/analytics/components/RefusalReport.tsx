import { Alert, Table, Typography, type TableProps } from 'antd';
import { useRefusalReportQuery, type RefusalRow } from '../api/analytics.api';
import type { ReportRange } from './report-range';
import './analytics.css';

/** SAFETY_CATEGORIES of @jokes/domain (which the web does not import), as an analyst reads them. */
const CATEGORIES = [
  ['sexual_minors', 'Minors'],
  ['sexual_real_person', 'Real person, sexual'],
  ['hate', 'Hate'],
  ['self_harm', 'Self-harm'],
  ['threat', 'Threat'],
  ['weapons_crime', 'Weapons, crime'],
] as const;

/** A share of the attempts, as a percentage with one decimal. */
const percentOf = (count: number, attempts: number): string => `${attempts === 0 ? '0.0' : ((count / attempts) * 100).toFixed(1)}%`;

const COLUMNS: TableProps<RefusalRow>['columns'] = [
  { title: 'Comedian', dataIndex: 'key', key: 'key' },
  { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', align: 'right' },
  { title: 'Refused', dataIndex: 'refused', key: 'refused', align: 'right' },
  { title: 'Refusal rate', key: 'rate', align: 'right', render: (_, row) => percentOf(row.refused, row.attempts) },
  ...CATEGORIES.map(([category, title]) => ({
    title,
    key: category,
    align: 'right' as const,
    render: (_: unknown, row: RefusalRow) => percentOf(row.categories[category] ?? 0, row.attempts),
  })),
  { title: 'At the topic', key: 'topic', align: 'right', render: (_, row) => row.stages.topic },
  { title: 'At the joke', key: 'joke', align: 'right', render: (_, row) => row.stages.joke },
];

/** How often the moderator refused a generate, per comedian and category: counts only, never what was refused. */
export function RefusalReport({ range }: { range: ReportRange }) {
  const refusals = useRefusalReportQuery({ ...range, by: 'comedian' }, { refetchOnMountOrArgChange: true });

  return (
    <section aria-labelledby="refusals-heading" className="analytics-section">
      <Typography.Title level={2} id="refusals-heading" style={{ fontSize: 22 }}>
        Refusals
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Attempts are jokes written plus generates refused; each category&apos;s rate is its refusals over the attempts.
      </Typography.Paragraph>
      {refusals.isError ? (
        <Alert type="error" showIcon title="The refusals could not be loaded." />
      ) : (
        <Table<RefusalRow>
          size="small"
          aria-label="Refusals per comedian"
          columns={COLUMNS}
          dataSource={refusals.data?.rows ?? []}
          rowKey={(row) => row.key}
          loading={refusals.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
        />
      )}
    </section>
  );
}
