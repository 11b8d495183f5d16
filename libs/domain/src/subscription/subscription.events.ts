import type { PlanType } from './subscription.plans.js';
import type { SubscriptionStatus } from './subscription.status.js';

/**
 * The stream `subscription-{userId}`: one user's subscriptions, one after the
 * other, as facts. Money is in cents; times are ISO 8601 in the payment
 * provider's clock. Who or what caused each fact (the user, a webhook event,
 * the billing clock) travels in the event metadata.
 */
interface Subject {
  userId: string;
  /** The payment provider's subscription id (sub_...). */
  subscriptionId: string;
}

/** The provider holds a subscription for the user; no card is on file yet, so it grants nothing. */
export type CheckoutStarted = {
  type: 'CheckoutStarted';
  data: Subject & {
    customerId: string;
    plan: PlanType;
    promoCode: string | null;
    /** What each period will cost after the promo code. */
    amount: number;
    currency: string;
    withTrial: boolean;
    startedAt: string;
  };
};

/** A card is on file and the free trial runs until `trialEndsAt`. */
export type TrialStarted = { type: 'TrialStarted'; data: Subject & { plan: PlanType; trialEndsAt: string; startedAt: string } };

/** The first payment went through: after the trial, or at once for a returning subscriber. */
export type SubscriptionActivated = {
  type: 'SubscriptionActivated';
  data: Subject & {
    plan: PlanType;
    invoiceId: string;
    amountPaid: number;
    currency: string;
    currentPeriodEnd: string;
    fromTrial: boolean;
    activatedAt: string;
  };
};

/** A later period was paid, possibly after failed attempts (`recoveredFromPastDue`). */
export type SubscriptionRenewed = {
  type: 'SubscriptionRenewed';
  data: Subject & {
    plan: PlanType;
    invoiceId: string;
    amountPaid: number;
    currency: string;
    currentPeriodEnd: string;
    recoveredFromPastDue: boolean;
    renewedAt: string;
  };
};

/** A charge was declined; the provider retries at `nextAttemptAt`, or gives up when it is null. */
export type PaymentFailed = {
  type: 'PaymentFailed';
  data: Subject & { invoiceId: string; amountDue: number; currency: string; attempt: number; nextAttemptAt: string | null; failedAt: string };
};

/** The user keeps Pro until `endsAt`, then the subscription ends instead of renewing. */
export type CancellationScheduled = {
  type: 'CancellationScheduled';
  data: Subject & { endsAt: string; duringTrial: boolean; scheduledAt: string };
};

/** A scheduled cancellation was withdrawn; the subscription renews again. */
export type SubscriptionResumed = { type: 'SubscriptionResumed'; data: Subject & { currentPeriodEnd: string | null; resumedAt: string } };

export type PlanChanged = {
  type: 'PlanChanged';
  data: Subject & { fromPlan: PlanType; toPlan: PlanType; amount: number; currency: string; changedAt: string };
};

export const END_REASONS = [
  'canceled_at_period_end',
  'canceled_immediately',
  'payment_failed',
  'trial_ended_without_payment_method',
  'checkout_expired',
  'checkout_replaced',
] as const;
export type EndReason = (typeof END_REASONS)[number];

export type SubscriptionEnded = {
  type: 'SubscriptionEnded';
  data: Subject & { plan: PlanType; reason: EndReason; previousStatus: SubscriptionStatus; endedAt: string };
};

export type SubscriptionEvent =
  | CheckoutStarted
  | TrialStarted
  | SubscriptionActivated
  | SubscriptionRenewed
  | PaymentFailed
  | CancellationScheduled
  | SubscriptionResumed
  | PlanChanged
  | SubscriptionEnded;

export const SUBSCRIPTION_EVENT_TYPES = [
  'CheckoutStarted',
  'TrialStarted',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'PaymentFailed',
  'CancellationScheduled',
  'SubscriptionResumed',
  'PlanChanged',
  'SubscriptionEnded',
] as const satisfies readonly SubscriptionEvent['type'][];

export function subscriptionStreamId(userId: string): string {
  return `subscription-${userId}`;
}
