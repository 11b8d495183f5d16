import { REPORT_REASON_VALUES, type ReportedJoke, type ReportReasonValue } from '@jokes/contracts';
import { Alert, Button, Empty, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/http-error';
import { useToast } from '../../../shared/toast/toast.context';
import { useDismissJokeReportsMutation, useReportedJokesQuery, useWithdrawJokeMutation } from '../api/reported-jokes.api';
import { formatAge, mainReason, REPORT_ATTENTION_SECONDS } from '../utils/report-age';
import './support.css';

const REASON_NAMES: Record<ReportReasonValue, string> = { offensive: 'Offensive', copyright: 'Copyright', other: 'Other' };

const messageOf = (error: unknown) => (isApiError(error) ? error.message : error instanceof Error ? error.message : String(error));

function failureText(error: unknown): string {
  if (isApiError(error) && error.status === 403) return 'You do not have access to reported jokes (support or admin role required).';
  return 'The reported jokes could not be loaded. Please try again.';
}

/** One reported joke: its text, how long its oldest report has waited, the reasons, and support's two answers. */
function ReportedJokeItem({ joke }: { joke: ReportedJoke }) {
  const { toast } = useToast();
  const [reason, setReason] = useState<ReportReasonValue>(mainReason(joke.reasons));
  const [withdraw, withdrawing] = useWithdrawJokeMutation();
  const [dismiss, dismissing] = useDismissJokeReportsMutation();
  const overdue = joke.age_seconds >= REPORT_ATTENTION_SECONDS;

  const act = async (done: string, action: () => Promise<unknown>) => {
    try {
      await action();
      toast({ title: done });
    } catch (error) {
      toast({ title: 'That did not work', description: messageOf(error), variant: 'destructive' });
    }
  };

  return (
    <article className="report-queue__item" aria-label={`Reported joke in the style of ${joke.comedian_style}`}>
      <blockquote className="report-queue__content">{joke.content}</blockquote>
      <Typography.Paragraph type="secondary" className="report-queue__meta">
        {`Style: ${joke.comedian_style} • Topic: ${joke.topic} • Length: ${joke.length}`}
      </Typography.Paragraph>
      <Space wrap className="report-queue__facts">
        <Tag color={overdue ? 'red' : 'default'}>{`Oldest report ${formatAge(joke.age_seconds)} ago`}</Tag>
        <span>{`${joke.reports} ${joke.reports === 1 ? 'report' : 'reports'}:`}</span>
        {REPORT_REASON_VALUES.filter((name) => joke.reasons[name] > 0).map((name) => (
          <Tag key={name}>{`${REASON_NAMES[name]} ${joke.reasons[name]}`}</Tag>
        ))}
      </Space>
      <Space wrap className="report-queue__actions">
        <Select<ReportReasonValue>
          aria-label="Reason"
          value={reason}
          onChange={setReason}
          options={REPORT_REASON_VALUES.map((name) => ({ value: name, label: REASON_NAMES[name] }))}
          style={{ minWidth: 140 }}
        />
        <Button danger type="primary" loading={withdrawing.isLoading} onClick={() => void act('Joke withdrawn', () => withdraw({ id: joke.joke_id, reason }).unwrap())}>
          Withdraw
        </Button>
        <Button loading={dismissing.isLoading} onClick={() => void act('Reports dismissed', () => dismiss(joke.joke_id).unwrap())}>
          Dismiss reports
        </Button>
      </Space>
    </article>
  );
}

/** Support's queue: reported jokes not yet withdrawn or dismissed, the oldest report first. */
export function ReportQueue() {
  const { data, isLoading, isError, error } = useReportedJokesQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError) return <Alert type="error" showIcon title={failureText(error)} />;
  if (!data || data.length === 0) return <Empty description="No reported jokes are waiting." />;
  return (
    <section aria-label="Reported jokes" className="report-queue">
      {data.map((joke) => (
        <ReportedJokeItem key={joke.joke_id} joke={joke} />
      ))}
    </section>
  );
}
