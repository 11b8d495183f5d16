import FlagOutlined from '@ant-design/icons/FlagOutlined';
import { REPORT_DETAILS_MAX, REPORT_REASON_VALUES, type ReportReasonValue } from '@jokes/contracts';
import { Button, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useReportJoke } from '../hooks/use-report-joke';

/** The reasons as the dialog words them; keyed by the contract's list, so a new reason cannot go unlabelled. */
const REASON_LABELS: Record<ReportReasonValue, string> = {
  offensive: 'Offensive or hateful',
  copyright: 'Copies someone else’s work',
  other: 'Something else',
};

interface ReportValues {
  reason: ReportReasonValue;
  details?: string;
}

/**
 * 'Report' beside the Share menu: a small dialog choosing the reason, with
 * optional details for support. Logged out, pressing it offers the login.
 */
export function ReportJokeDialog({ jokeId }: { jokeId: string }) {
  const { report, isReporting, canReport } = useReportJoke(jokeId);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ReportValues>();

  const close = () => {
    form.resetFields();
    setOpen(false);
  };

  const press = () => {
    if (canReport) setOpen(true);
    // Logged out: the hook says why and offers the login.
    else void report('other', '');
  };

  const finish = async ({ reason, details }: ReportValues) => {
    if (await report(reason, details ?? '')) close();
  };

  return (
    <>
      <Button icon={<FlagOutlined aria-hidden />} onClick={press}>
        Report
      </Button>
      <Modal
        open={open}
        onCancel={close}
        title="Report this joke"
        centered
        width={440}
        footer={[
          <Button key="cancel" onClick={close} disabled={isReporting}>
            Cancel
          </Button>,
          <Button key="send" type="primary" htmlType="submit" form="report-joke" loading={isReporting}>
            Send report
          </Button>,
        ]}
      >
        <Form<ReportValues> form={form} name="report-joke" layout="vertical" requiredMark={false} onFinish={(values) => void finish(values)}>
          <Form.Item name="reason" label="What is wrong with it?" rules={[{ required: true, message: 'Please choose a reason' }]}>
            <Radio.Group>
              {REPORT_REASON_VALUES.map((reason) => (
                <Radio key={reason} value={reason} style={{ display: 'block', marginBottom: 8 }}>
                  {REASON_LABELS[reason]}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="details" label="Anything our team should know? (optional)">
            <Input.TextArea rows={3} maxLength={REPORT_DETAILS_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
