import { Alert, Form, Input, Statistic, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTrialConversionsQuery, type TrialConversionRange, type TrialConversionReport } from '../api/analytics.api';
import { formatRate, totalsOf } from '../utils/conversion';

type Day = TrialConversionReport['days'][number];

const COLUMNS: TableProps<Day>['columns'] = [
  { title: 'Day', dataIndex: 'day', key: 'day' },
  { title: 'Plan', dataIndex: 'plan', key: 'plan' },
  { title: 'Trials started', dataIndex: 'trials_started', key: 'started', align: 'right' },
  { title: 'Converted', dataIndex: 'trials_converted', key: 'converted', align: 'right' },
  { title: 'Canceled', dataIndex: 'trials_canceled', key: 'canceled', align: 'right' },
];

/** The trial-conversion figures (DESIGN 'Who uses it': analysts), for an optional date range. */
export function TrialConversions() {
  const [range, setRange] = useState<TrialConversionRange>({});
  const report = useTrialConversionsQuery(range, { refetchOnMountOrArgChange: true });
  const totals = totalsOf(report.data?.days ?? []);

  return (
    <>
      <Form
        layout="inline"
        onValuesChange={(_changed, values: { from?: string; to?: string }) =>
          setRange({ ...(values.from ? { from: values.from } : {}), ...(values.to ? { to: values.to } : {}) })
        }
        style={{ marginBottom: 24, rowGap: 12 }}
      >
        <Form.Item name="from" label="From">
          <Input type="date" />
        </Form.Item>
        <Form.Item name="to" label="To">
          <Input type="date" />
        </Form.Item>
      </Form>
      {report.isError ? (
        <Alert type="error" showIcon title="The trial conversions could not be loaded." />
      ) : (
        <>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32, marginBottom: 24 }}>
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
    </>
  );
}
