import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from '@jokes/domain';
import { rowProjection, type StoredEvent } from '@jokes/event-store';

/** A row of `subscriptions` (SPEC section 3): one per provider subscription, what the web's direct check reads. */
export interface SubscriptionRow {
  [column: string]: string | boolean | null;
  id: string;
  user_id: string;
  stripe_subscription_id: string;
  stripe_customer_id: string;
  status: string;
  plan: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  created_at: string;
  updated_at: string;
}

type SubscriptionStoredEvent = StoredEvent<SubscriptionEvent['type'], SubscriptionEvent['data']> & SubscriptionEvent;

/** Every subscription event changes the row (status, period, plan or provider ids). */
export const SUBSCRIPTION_ROW_EVENTS = SUBSCRIPTION_EVENT_TYPES;

/** Pure: the row after one event. The row's id is the id of the event that started the checkout. */
export function evolveSubscriptionRow(row: SubscriptionRow | null, event: SubscriptionEvent & { eventId: string }): SubscriptionRow | null {
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

export const subscriptionsProjection = rowProjection<SubscriptionRow, SubscriptionStoredEvent>({
  name: 'subscriptions',
  version: 1,
  table: 'subscriptions',
  columns: {
    id: 'uuid',
    user_id: 'text',
    stripe_subscription_id: 'text',
    stripe_customer_id: 'text',
    status: 'text',
    plan: 'text',
    current_period_end: 'timestamptz',
    cancel_at_period_end: 'boolean',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  key: ['stripe_subscription_id'],
  indexes: ['CREATE INDEX ON {table} (user_id, created_at DESC)'],
  handles: SUBSCRIPTION_ROW_EVENTS,
  createdBy: ['CheckoutStarted'],
  keyOf: (event) => ({ stripe_subscription_id: event.data.subscriptionId }),
  evolve: evolveSubscriptionRow,
});
