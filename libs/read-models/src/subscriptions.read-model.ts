import { SUBSCRIPTION_EVENT_TYPES, type PaymentRecordsErased, type SubscriptionEvent } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const subscriptionColumns = {
  /** The id of the event that started the checkout. */
  id: column.uuid(),
  user_id: column.text(),
  stripe_subscription_id: column.text(),
  stripe_customer_id: column.text(),
  status: column.text(),
  plan: column.text(),
  current_period_end: column.timestamptz().orNull(),
  cancel_at_period_end: column.boolean(),
  created_at: column.timestamptz(),
  updated_at: column.timestamptz(),
};

/** A row of `subscriptions` (SPEC section 3): one per provider subscription, what the web's direct check reads. */
export type SubscriptionRow = RowOf<typeof subscriptionColumns>;
export type SubscriptionView = ViewOf<typeof subscriptionColumns>;

/** Every subscription event changes the row (status, period, plan or provider ids). */
export const SUBSCRIPTION_ROW_EVENTS = SUBSCRIPTION_EVENT_TYPES;

/**
 * What the `subscriptions` read model reads: the subscription's facts, and the
 * end of its payment records' retention, which removes the row (it is a copy
 * of a payment record: the provider's ids). Once the records' key is gone a
 * rebuild reads every id of that person as `redacted`, so their rows fall
 * together under that key and the same events remove it: the rebuilt table
 * equals the live one.
 */
export type SubscriptionRowEvent = SubscriptionEvent | PaymentRecordsErased;

/** Pure: the row after one event. The row's id is the id of the event that started the checkout. */
export function evolveSubscriptionRow(row: SubscriptionRow | null, event: SubscriptionRowEvent & { eventId: string }): SubscriptionRow | null {
  if (event.type === 'PaymentRecordsErased') return null;
  if (event.type === 'CheckoutStarted') {
    const { userId, subscriptionId, customerId, plan, startedAt } = event.data;
    return {
      id: event.eventId,
      user_id: userId,
      stripe_subscription_id: subscriptionId,
      stripe_customer_id: customerId,
      status: 'incomplete',
      plan,
      current_period_end: null,
      cancel_at_period_end: false,
      created_at: startedAt,
      updated_at: startedAt,
    };
  }
  if (!row) return null;
  switch (event.type) {
    case 'TrialStarted':
      return { ...row, status: 'trialing', current_period_end: event.data.trialEndsAt, updated_at: event.data.startedAt };
    case 'SubscriptionActivated':
      return { ...row, status: 'active', current_period_end: event.data.currentPeriodEnd, updated_at: event.data.activatedAt };
    case 'SubscriptionRenewed':
      return { ...row, status: 'active', current_period_end: event.data.currentPeriodEnd, updated_at: event.data.renewedAt };
    case 'PaymentFailed':
      return { ...row, status: row.status === 'incomplete' ? 'incomplete' : 'past_due', updated_at: event.data.failedAt };
    case 'CancellationScheduled':
      return { ...row, cancel_at_period_end: true, updated_at: event.data.scheduledAt };
    case 'SubscriptionResumed':
      return { ...row, cancel_at_period_end: false, updated_at: event.data.resumedAt };
    case 'PlanChanged':
      return { ...row, plan: event.data.toPlan, updated_at: event.data.changedAt };
    case 'SubscriptionEnded':
      return { ...row, status: 'canceled', updated_at: event.data.endedAt };
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}

export const subscriptionsReadModel = defineReadModel({
  name: 'subscriptions',
  version: 1,
  table: 'subscriptions',
  columns: subscriptionColumns,
  key: ['stripe_subscription_id'],
  // The direct check: a user's subscriptions, newest first.
  indexes: ['CREATE INDEX ON {table} (user_id, created_at DESC)'],
  handles: [...SUBSCRIPTION_ROW_EVENTS, 'PaymentRecordsErased'],
  createdBy: ['CheckoutStarted'],
  keyOf: (event: SubscriptionRowEvent) => ({ stripe_subscription_id: event.data.subscriptionId }),
  evolve: evolveSubscriptionRow,
});
