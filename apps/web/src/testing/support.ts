import type { SubscriptionHistory, TimelineEntry } from '@jokes/contracts';

/** A support timeline as the support contract answers it: a trial started by the user, ended by the billing clock. */
export function aSubscriptionHistory(userId: string): SubscriptionHistory {
  const entry = (overrides: Partial<TimelineEntry>): TimelineEntry => ({
    event_id: 'e-1',
    version: 1,
    type: 'CheckoutStarted',
    occurred_at: '2026-03-01T12:00:00.000Z',
    recorded_at: '2026-03-01T12:00:00.000Z',
    status_after: 'incomplete',
    subscription_id: 'sub_123',
    summary: 'Checkout started: monthly at $4.99, free trial once a card is saved',
    data: {},
    cause: { actor: userId, webhook_event_id: null, webhook_event_type: null, correlation_id: 'corr-1', causation_id: null },
    ...overrides,
  });
  return {
    user_id: userId,
    status: 'canceled',
    timeline: [
      entry({}),
      entry({
        event_id: 'e-2',
        version: 2,
        type: 'TrialStarted',
        occurred_at: '2026-03-01T12:00:05.000Z',
        recorded_at: '2026-03-01T12:00:06.000Z',
        status_after: 'trialing',
        summary: 'Card saved; free trial until 2026-03-04',
        cause: { actor: 'billing-provider', webhook_event_id: 'evt_abc', webhook_event_type: 'customer.subscription.updated', correlation_id: 'evt_abc', causation_id: null },
      }),
      entry({
        event_id: 'e-3',
        version: 3,
        type: 'SubscriptionEnded',
        occurred_at: '2026-03-04T12:00:00.000Z',
        recorded_at: '2026-03-04T12:00:00.000Z',
        status_after: 'canceled',
        summary: 'Subscription ended: trial ended without a payment method',
        cause: { actor: 'billing-clock', webhook_event_id: 'evt_def', webhook_event_type: 'customer.subscription.deleted', correlation_id: null, causation_id: null },
      }),
    ],
  };
}
