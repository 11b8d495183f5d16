import type { SubscriptionHistory } from '@jokes/contracts';
import { Descriptions, Empty, Tag, Timeline, Typography } from 'antd';
import { describeCause, formatUtc, timelineColor } from '../utils/timeline';

/**
 * The audit of one user's subscription, straight from the support contract:
 * every event in order with its time, what it was, who or what caused it and
 * the status it left the subscription in.
 */
export function SubscriptionTimeline({ history }: { history: SubscriptionHistory }) {
  return (
    <section aria-label="Subscription history">
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="User id">
          <Typography.Text copyable>{history.user_id}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Current status">
          {history.status ? <Tag color={timelineColor(history.status)}>{history.status}</Tag> : 'No subscription'}
        </Descriptions.Item>
      </Descriptions>
      {history.timeline.length === 0 ? (
        <Empty description="No subscription events for this user." />
      ) : (
        <Timeline
          items={history.timeline.map((entry) => ({
            key: entry.event_id,
            color: timelineColor(entry.status_after),
            content: (
              <article className="support-timeline__entry" aria-label={`${entry.type} at ${formatUtc(entry.occurred_at)}`}>
                <div className="support-timeline__head">
                  <strong>{entry.summary}</strong> <Tag color={timelineColor(entry.status_after)}>{entry.status_after}</Tag>
                </div>
                <dl className="support-timeline__facts">
                  <dt>When</dt>
                  <dd>
                    <time dateTime={entry.occurred_at}>{formatUtc(entry.occurred_at)}</time>
                    {/* Differs when a webhook arrived late or was redelivered. */}
                    {formatUtc(entry.recorded_at) !== formatUtc(entry.occurred_at) && <> (recorded {formatUtc(entry.recorded_at)})</>}
                  </dd>
                  <dt>Event</dt>
                  <dd>
                    {entry.type} #{entry.version} on {entry.subscription_id}
                  </dd>
                  <dt>Cause</dt>
                  <dd>{describeCause(entry.cause, history.user_id)}</dd>
                  <dt>Status after</dt>
                  <dd>{entry.status_after}</dd>
                  {entry.cause.correlation_id && (
                    <>
                      <dt>Correlation</dt>
                      <dd>
                        <code>{entry.cause.correlation_id}</code>
                      </dd>
                    </>
                  )}
                </dl>
              </article>
            ),
          }))}
        />
      )}
    </section>
  );
}
