import { Form, Input } from 'antd';
import type { ReportRange } from './report-range';

/** From and To (UTC days) for every section of the dashboard; an empty end is open. */
export function ReportRangeFilter({ onChange }: { onChange: (range: ReportRange) => void }) {
  return (
    <Form
      layout="inline"
      onValuesChange={(_changed, values: ReportRange) =>
        onChange({ ...(values.from ? { from: values.from } : {}), ...(values.to ? { to: values.to } : {}) })
      }
      style={{ rowGap: 12 }}
    >
      <Form.Item name="from" label="From">
        <Input type="date" />
      </Form.Item>
      <Form.Item name="to" label="To">
        <Input type="date" />
      </Form.Item>
    </Form>
  );
}
