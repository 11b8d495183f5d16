import { isPro, REDACTED, type PaymentRecordsErased, type SubscriptionEvent } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';
import { SUBSCRIPTION_ROW_EVENTS } from './subscriptions.read-model.js';

const entitlementColumns = {
  user_id: column.text(),
  has_active_subscription: column.boolean(),
  status: column.text(),
  plan: column.text(),
  stripe_customer_id: column.text(),
  stripe_subscription_id: column.text(),
  current_period_end: column.timestamptz().orNull(),
  cancel_at_period_end: column.boolean(),
  trial_used: column.boolean(),
  updated_at: column.timestamptz(),
};

/**
 * A row of `entitlements`: per user, what sync-user and the account page
 * read. `has_active_subscription` follows the home page's rule (isPro).
 */
export type EntitlementRow = RowOf<typeof entitlementColumns>;
export type EntitlementView = ViewOf<typeof entitlementColumns>;

const withStatus = (row: EntitlementRow, status: string, changes: Partial<EntitlementRow>, at: string): EntitlementRow => ({
  ...row,
  ...changes,
  status,
  has_active_subscription: isPro(status),
  updated_at: at,
});

/** Pure: the user's entitlement after one event of their subscription stream. */
export function evolveEntitlementRow(row: EntitlementRow | null, event: SubscriptionEvent | PaymentRecordsErased): EntitlementRow | null {
  // The end of the payment records' retention: the provider's ids go, the rest of the row stays.
  if (event.type === 'PaymentRecordsErased') return row && { ...row, stripe_customer_id: REDACTED, stripe_subscription_id: REDACTED };
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

export const entitlementsReadModel = defineReadModel({
  name: 'entitlements',
  version: 1,
  table: 'entitlements',
  columns: entitlementColumns,
  key: ['user_id'],
  handles: [...SUBSCRIPTION_ROW_EVENTS, 'PaymentRecordsErased'],
  keyOf: (event: SubscriptionEvent | PaymentRecordsErased) => ({ user_id: event.data.userId }),
  evolve: evolveEntitlementRow,
});
