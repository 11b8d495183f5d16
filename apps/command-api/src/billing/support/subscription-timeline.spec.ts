import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@jokes/event-store';
import { subscriptionTimeline } from './subscription-timeline.js';

let version = 0n;
const stored = (type: string, data: Record<string, unknown>, metadata: Record<string, unknown>): StoredEvent => ({
  type,
  data,
  metadata,
  eventId: `00000000-0000-4000-8000-00000000000${++version}`,
  schemaVersion: 1,
  streamId: 'subscription-u-1',
  streamVersion: version,
  globalPosition: version,
  transactionId: 100n + version,
  createdAt: new Date('2026-03-01T09:00:05.000Z'),
});

const subject = { userId: 'u-1', subscriptionId: 'sub_1' };
const byUser = { actor: 'u-1', correlationId: 'corr-1', causationId: 'cmd-1' };
const byClock = { actor: 'billing-clock', webhookEventId: 'evt_9', webhookEventType: 'invoice.payment_failed', causationId: 'evt_9', correlationId: 'evt_9' };

describe('the support timeline', () => {
  it('lists each fact with its time, cause, summary and the status after it', () => {
    const history = subscriptionTimeline('u-1', [
      stored('CheckoutStarted', { ...subject, customerId: 'cus_1', plan: 'monthly', promoCode: 'ROCKY17', amount: 414, currency: 'usd', withTrial: true, startedAt: '2026-03-01T09:00:00.000Z' }, byUser),
      stored('TrialStarted', { ...subject, plan: 'monthly', trialEndsAt: '2026-03-04T09:00:00.000Z', startedAt: '2026-03-01T09:01:00.000Z' }, { actor: 'billing-provider', webhookEventId: 'evt_1' }),
      stored('PaymentFailed', { ...subject, invoiceId: 'in_1', amountDue: 414, currency: 'usd', attempt: 1, nextAttemptAt: '2026-03-05T09:00:00.000Z', failedAt: '2026-03-04T09:00:00.000Z' }, byClock),
      stored('UnrelatedEvent', {}, {}),
    ]);
    expect(history.status).toBe('past_due');
    expect(history.timeline.map(({ type, status_after, summary }) => [type, status_after, summary])).toEqual([
      ['CheckoutStarted', 'incomplete', 'Checkout started: monthly at $4.14 with ROCKY17, free trial once a card is saved'],
      ['TrialStarted', 'trialing', 'Card saved; free trial until 2026-03-04'],
      ['PaymentFailed', 'past_due', 'Payment of $4.14 failed (attempt 1); next attempt 2026-03-05'],
    ]);
    expect(history.timeline[0]).toMatchObject({
      occurred_at: '2026-03-01T09:00:00.000Z',
      recorded_at: '2026-03-01T09:00:05.000Z',
      cause: { actor: 'u-1', webhook_event_id: null, correlation_id: 'corr-1', causation_id: 'cmd-1' },
    });
    expect(history.timeline[2]?.cause).toEqual({ actor: 'billing-clock', webhook_event_id: 'evt_9', webhook_event_type: 'invoice.payment_failed', correlation_id: 'evt_9', causation_id: 'evt_9' });
  });

  it("reads the amounts of an erased person's payment records as no longer kept once their retention ended, and skips their end", () => {
    const redacted = { userId: 'u-1', subscriptionId: 'redacted' };
    const history = subscriptionTimeline('u-1', [
      stored('CheckoutStarted', { ...redacted, customerId: 'redacted', plan: 'yearly', promoCode: null, amount: null, currency: null, withTrial: false, startedAt: '2026-03-01T09:00:00.000Z' }, byUser),
      stored('PaymentFailed', { ...redacted, invoiceId: 'redacted', amountDue: null, currency: null, attempt: 1, nextAttemptAt: null, failedAt: '2026-03-01T09:00:01.000Z' }, byClock),
      stored('PaymentRecordsErased', { ...redacted, erasedAt: '2033-03-02T00:00:00.000Z' }, { actor: 'system:privacy-job' }),
    ]);
    expect(history.timeline.map(({ type, subscription_id, summary }) => [type, subscription_id, summary])).toEqual([
      ['CheckoutStarted', 'redacted', 'Checkout started: yearly at an amount no longer kept, no trial (paid at once)'],
      ['PaymentFailed', 'redacted', 'Payment of an amount no longer kept failed (attempt 1); no further attempt'],
    ]);
  });

  it('is empty, with no status, for a user who never subscribed', () => {
    expect(subscriptionTimeline('u-2', [])).toEqual({ user_id: 'u-2', status: null, timeline: [] });
  });
});
