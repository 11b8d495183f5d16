import { isPro, type SubscriptionEvent } from '@jokes/domain';
import { rowProjection, type StoredEvent } from '@jokes/event-store';
import { SUBSCRIPTION_ROW_EVENTS } from './subscriptions.projection.js';

/**
 * A row of `entitlements`: per user, what sync-user and the account page
 * read. `has_active_subscription` follows the home page's rule (isPro).
 */
export interface EntitlementRow {
  [column: string]: string | boolean | null;
  user_id: string;
  has_active_subscription: boolean;
  status: string;
  plan: string;
  stripe_customer_id: string;
  stripe_subscription_id: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  trial_used: boolean;
  updated_at: string;
}

type SubscriptionStoredEvent = StoredEvent<SubscriptionEvent['type'], SubscriptionEvent['data']> & SubscriptionEvent;

const withStatus = (row: EntitlementRow, status: string, changes: Partial<EntitlementRow>, at: string): EntitlementRow => ({
  ...row,
  ...changes,
  status,
  has_active_subscription: isPro(status),
  updated_at: at,
});

/** Pure: the user's entitlement after one event of their subscription stream. */
export function evolveEntitlementRow(row: EntitlementRow | null, event: SubscriptionEvent): EntitlementRow | null {
  if (event.type === 'CheckoutStarted') {
    const { userId, subscriptionId, customerId, plan, startedAt } = event.data;
    return {
      user_id: userId,
      has_active_subscription: false,
      status: 'incomplete',
      plan,
      stripe_customer_id: customerId,
      stripe_subscription_id: subscriptionId,
      current_period_end: null,
      cancel_at_period_end: false,
      trial_used: row?.trial_used ?? false,
      updated_at: startedAt,
    };
  }
  if (!row) return null;
  switch (event.type) {
    case 'TrialStarted':
      return withStatus(row, 'trialing', { trial_used: true, current_period_end: event.data.trialEndsAt }, event.data.startedAt);
    case 'SubscriptionActivated':
      return withStatus(row, 'active', { current_period_end: event.data.currentPeriodEnd }, event.data.activatedAt);
    case 'SubscriptionRenewed':
      return withStatus(row, 'active', { current_period_end: event.data.currentPeriodEnd }, event.data.renewedAt);
    case 'PaymentFailed':
      return withStatus(row, row.status === 'incomplete' ? 'incomplete' : 'past_due', {}, event.data.failedAt);
    case 'CancellationScheduled':
      return withStatus(row, row.status, { cancel_at_period_end: true }, event.data.scheduledAt);
    case 'SubscriptionResumed':
      return withStatus(row, row.status, { cancel_at_period_end: false }, event.data.resumedAt);
    case 'PlanChanged':
      return withStatus(row, row.status, { plan: event.data.toPlan }, event.data.changedAt);
    case 'SubscriptionEnded':
      // A replaced checkout is followed at once by the new one; the end of the old one must not show.
      return withStatus(row, 'canceled', { cancel_at_period_end: false }, event.data.endedAt);
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}

export const entitlementsProjection = rowProjection<EntitlementRow, SubscriptionStoredEvent>({
  name: 'entitlements',
  version: 1,
  table: 'entitlements',
  columns: {
    user_id: 'text',
    has_active_subscription: 'boolean',
    status: 'text',
    plan: 'text',
    stripe_customer_id: 'text',
    stripe_subscription_id: 'text',
    current_period_end: 'timestamptz',
    cancel_at_period_end: 'boolean',
    trial_used: 'boolean',
    updated_at: 'timestamptz',
  },
  key: ['user_id'],
  handles: SUBSCRIPTION_ROW_EVENTS,
  keyOf: (event) => ({ user_id: event.data.userId }),
  evolve: evolveEntitlementRow,
});
