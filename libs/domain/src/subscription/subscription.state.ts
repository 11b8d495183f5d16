import type { PlanType } from './subscription.plans.js';
import type { SubscriptionStatus } from './subscription.status.js';
import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from './subscription.events.js';

export interface CurrentSubscription {
  status: SubscriptionStatus;
  userId: string;
  subscriptionId: string;
  customerId: string;
  plan: PlanType;
  promoCode: string | null;
  amount: number;
  currency: string;
  withTrial: boolean;
  /** Trial end while trialing, else the end of the paid period; null before either. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** The last invoice paid, so a repeated payment notice changes nothing. */
  lastPaidInvoiceId: string | null;
  lastFailure: { invoiceId: string; attempt: number } | null;
  /** Survives the end of a subscription: one trial per user, ever. */
  trialUsed: boolean;
}

export type SubscriptionState = { status: 'none' } | CurrentSubscription;

export const initialSubscriptionState = (): SubscriptionState => ({ status: 'none' });

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  if (event.type === 'CheckoutStarted') {
    const { userId, subscriptionId, customerId, plan, promoCode, amount, currency, withTrial } = event.data;
    return {
      status: 'incomplete',
      userId,
      subscriptionId,
      customerId,
      plan,
      promoCode,
      amount,
      currency,
      withTrial,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      lastPaidInvoiceId: null,
      lastFailure: null,
      trialUsed: state.status !== 'none' && state.trialUsed,
    };
  }
  // Every other fact is about a subscription the stream already started.
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'TrialStarted':
      return { ...state, status: 'trialing', trialUsed: true, currentPeriodEnd: event.data.trialEndsAt };
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed':
      return { ...state, status: 'active', currentPeriodEnd: event.data.currentPeriodEnd, lastPaidInvoiceId: event.data.invoiceId, lastFailure: null };
    case 'PaymentFailed':
      return {
        ...state,
        // A declined first payment leaves a checkout incomplete; anything later falls past due.
        status: state.status === 'incomplete' ? 'incomplete' : 'past_due',
        lastFailure: { invoiceId: event.data.invoiceId, attempt: event.data.attempt },
      };
    case 'CancellationScheduled':
      return { ...state, cancelAtPeriodEnd: true };
    case 'SubscriptionResumed':
      return { ...state, cancelAtPeriodEnd: false };
    case 'PlanChanged':
      return { ...state, plan: event.data.toPlan, amount: event.data.amount, currency: event.data.currency };
    case 'SubscriptionEnded':
      return { ...state, status: 'canceled', cancelAtPeriodEnd: false };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

const EVENT_TYPES: ReadonlySet<string> = new Set(SUBSCRIPTION_EVENT_TYPES);

export function isSubscriptionEvent(event: { type: string }): event is SubscriptionEvent {
  return EVENT_TYPES.has(event.type);
}
