import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/http-error';
import { useLazySubscriptionHistoryByEmailQuery, useLazySubscriptionHistoryOfUserQuery } from '../api/support.api';
import { parseLookup, type UserLookup } from '../utils/timeline';
import { SubscriptionTimeline } from './SubscriptionTimeline';
import './support.css';

function failureText(error: unknown): string {
  const status = isApiError(error) ? error.status : undefined;
  if (status === 403) return 'You do not have access to the subscription audit (support or admin role required).';
  if (status === 404) return 'No account uses that e-mail address.';
  if (status === 400) return 'Please enter a valid e-mail address or user id.';
  return 'The subscription history could not be loaded. Please try again.';
}

/** Look a user up by e-mail or id, then read their subscription history as a timeline. */
export function SubscriptionAudit() {
  const [lookup, setLookup] = useState<UserLookup | null>(null);
  const [byEmail, emailResult] = useLazySubscriptionHistoryByEmailQuery();
  const [byId, idResult] = useLazySubscriptionHistoryOfUserQuery();
  const result = lookup?.by === 'email' ? emailResult : lookup?.by === 'id' ? idResult : null;

  const search = ({ query }: { query: string }) => {
    const next = parseLookup(query);
    if (next === null) return;
    setLookup(next);
    // Every lookup reads afresh: support wants what is true now.
    if (next.by === 'email') void byEmail(next.email);
    else void byId(next.userId);
  };

  return (
    <>
      <Form layout="inline" onFinish={search} className="support-lookup" requiredMark={false}>
        <Form.Item
          name="query"
          label="E-mail or user id"
          rules={[{ required: true, whitespace: true, message: 'Enter an e-mail address or a user id' }]}
        >
          <Input allowClear placeholder="ana@example.com or 3f2c…" style={{ minWidth: 320 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={result?.isFetching}>
            Look up
          </Button>
        </Form.Item>
      </Form>
      {result?.isFetching ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : result?.isError ? (
        <Alert type="error" showIcon title={failureText(result.error)} />
      ) : result?.data ? (
        <SubscriptionTimeline history={result.data} />
      ) : null}
    </>
  );
}
