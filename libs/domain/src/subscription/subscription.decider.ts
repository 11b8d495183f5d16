import {
  AlreadySubscribedError,
  InvalidSubscriptionTransitionError,
  SubscriptionEndedError,
  SubscriptionNotFoundError,
  TrialAlreadyUsedError,
  UnknownSubscriptionError,
} from './subscription.errors.js';
import type { EndReason, SubscriptionEvent } from './subscription.events.js';
import type { PlanType } from './subscription.plans.js';
import { evolveSubscription, initialSubscriptionState, type CurrentSubscription, type SubscriptionState } from './subscription.state.js';

interface Subject {
  userId: string;
  subscriptionId: string;
}

export type StartCheckout = {
  type: 'StartCheckout';
  data: Subject & { customerId: string; plan: PlanType; promoCode: string | null; amount: number; currency: string; withTrial: boolean };
};
export type StartTrial = { type: 'StartTrial'; data: Subject & { trialEndsAt: string } };
export type ActivateSubscription = {
  type: 'ActivateSubscription';
  data: Subject & { invoiceId: string; amountPaid: number; currency: string; currentPeriodEnd: string };
};
export type RenewSubscription = {
  type: 'RenewSubscription';
  data: Subject & { invoiceId: string; amountPaid: number; currency: string; currentPeriodEnd: string };
};
export type RecordPaymentFailure = {
  type: 'RecordPaymentFailure';
  data: Subject & { invoiceId: string; amountDue: number; currency: string; attempt: number; nextAttemptAt: string | null };
};
/** Cancel at the end of the period; `endsAt` is the provider's date when it names one. */
export type CancelSubscription = { type: 'CancelSubscription'; data: Subject & { endsAt: string | null } };
export type ResumeSubscription = { type: 'ResumeSubscription'; data: Subject };
export type ChangePlan = { type: 'ChangePlan'; data: Subject & { plan: PlanType; amount: number; currency: string } };
export type EndSubscription = { type: 'EndSubscription'; data: Subject & { reason: EndReason } };

export type SubscriptionCommand =
  | StartCheckout
  | StartTrial
  | ActivateSubscription
  | RenewSubscription
  | RecordPaymentFailure
  | CancelSubscription
  | ResumeSubscription
  | ChangePlan
  | EndSubscription;

/**
 * What each command needs besides the state: the provider's clock, when the
 * fact happened there (the checkout's creation, the webhook event's time).
 */
export interface SubscriptionContexts {
  StartCheckout: { now: Date };
  StartTrial: { now: Date };
  ActivateSubscription: { now: Date };
  RenewSubscription: { now: Date };
  RecordPaymentFailure: { now: Date };
  CancelSubscription: { now: Date };
  ResumeSubscription: { now: Date };
  ChangePlan: { now: Date };
  EndSubscription: { now: Date };
}
export type SubscriptionContext = SubscriptionContexts[SubscriptionCommand['type']];

type Live = CurrentSubscription & { status: 'trialing' | 'active' | 'past_due' };
const isLive = (state: CurrentSubscription): state is Live =>
  state.status === 'trialing' || state.status === 'active' || state.status === 'past_due';

/** The subscription the command is about, which must be the stream's current one. */
function current(state: SubscriptionState, { userId, subscriptionId }: Subject): CurrentSubscription {
  if (state.status === 'none') throw new SubscriptionNotFoundError(userId);
  if (state.subscriptionId !== subscriptionId) throw new UnknownSubscriptionError(subscriptionId, state.subscriptionId);
  return state;
}

function live(state: SubscriptionState, command: SubscriptionCommand): Live {
  const subscription = current(state, command.data);
  if (subscription.status === 'canceled') throw new SubscriptionEndedError(subscription.subscriptionId);
  if (!isLive(subscription)) throw new InvalidSubscriptionTransitionError(command.type, subscription.status);
  return subscription;
}

function startCheckout({ data }: StartCheckout, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const replaced: SubscriptionEvent[] = [];
  if (state.status !== 'none') {
    if (isLive(state)) throw new AlreadySubscribedError();
    // The same checkout reported twice (our request and the provider's webhook).
    if (state.status === 'incomplete' && state.subscriptionId === data.subscriptionId) return [];
    if (data.withTrial && state.trialUsed) throw new TrialAlreadyUsedError();
    if (state.status === 'incomplete') {
      // An abandoned checkout (say, another plan chosen) ends here rather than lingering.
      const { userId, subscriptionId } = state;
      replaced.push({ type: 'SubscriptionEnded', data: { userId, subscriptionId, plan: state.plan, reason: 'checkout_replaced', previousStatus: 'incomplete', endedAt: at } });
    }
  }
  const { userId, subscriptionId, customerId, plan, promoCode, amount, currency, withTrial } = data;
  return [
    ...replaced,
    { type: 'CheckoutStarted', data: { userId, subscriptionId, customerId, plan, promoCode, amount, currency, withTrial, startedAt: at } },
  ];
}

function startTrial(command: StartTrial, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const subscription = current(state, command.data);
  if (subscription.status === 'trialing') return [];
  if (subscription.status !== 'incomplete' || !subscription.withTrial) {
    throw new InvalidSubscriptionTransitionError(command.type, subscription.status);
  }
  if (subscription.trialUsed) throw new TrialAlreadyUsedError();
  const { userId, subscriptionId, trialEndsAt } = command.data;
  return [{ type: 'TrialStarted', data: { userId, subscriptionId, plan: subscription.plan, trialEndsAt, startedAt: at } }];
}

/** Nothing was ever paid: a checkout, a trial, or a trial whose first charge was declined. */
export function awaitsFirstPayment(state: SubscriptionState): boolean {
  if (state.status === 'incomplete' || state.status === 'trialing') return true;
  return state.status === 'past_due' && state.lastPaidInvoiceId === null;
}

function activate(command: ActivateSubscription, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const subscription = current(state, command.data);
  if (subscription.status === 'active' && subscription.lastPaidInvoiceId === command.data.invoiceId) return [];
  if (!awaitsFirstPayment(subscription)) throw new InvalidSubscriptionTransitionError(command.type, subscription.status);
  const { userId, subscriptionId, invoiceId, amountPaid, currency, currentPeriodEnd } = command.data;
  return [
    {
      type: 'SubscriptionActivated',
      data: { userId, subscriptionId, plan: subscription.plan, invoiceId, amountPaid, currency, currentPeriodEnd, fromTrial: subscription.withTrial, activatedAt: at },
    },
  ];
}

function renew(command: RenewSubscription, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const subscription = live(state, command);
  if (subscription.lastPaidInvoiceId === command.data.invoiceId) return [];
  // The first payment activates; only a paid subscription renews.
  if (awaitsFirstPayment(subscription)) throw new InvalidSubscriptionTransitionError(command.type, subscription.status);
  const { userId, subscriptionId, invoiceId, amountPaid, currency, currentPeriodEnd } = command.data;
  const recoveredFromPastDue = subscription.status === 'past_due';
  return [
    {
      type: 'SubscriptionRenewed',
      data: { userId, subscriptionId, plan: subscription.plan, invoiceId, amountPaid, currency, currentPeriodEnd, recoveredFromPastDue, renewedAt: at },
    },
  ];
}

function recordPaymentFailure(command: RecordPaymentFailure, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const subscription = current(state, command.data);
  if (subscription.status === 'canceled') throw new SubscriptionEndedError(subscription.subscriptionId);
  const { userId, subscriptionId, invoiceId, amountDue, currency, attempt, nextAttemptAt } = command.data;
  const last = subscription.lastFailure;
  if (last && last.invoiceId === invoiceId && last.attempt >= attempt) return [];
  return [{ type: 'PaymentFailed', data: { userId, subscriptionId, invoiceId, amountDue, currency, attempt, nextAttemptAt, failedAt: at } }];
}

function cancel(command: CancelSubscription, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const subscription = live(state, command);
  if (subscription.cancelAtPeriodEnd) return [];
  const endsAt = command.data.endsAt ?? subscription.currentPeriodEnd;
  if (!endsAt) throw new InvalidSubscriptionTransitionError(command.type, subscription.status);
  const { userId, subscriptionId } = command.data;
  return [{ type: 'CancellationScheduled', data: { userId, subscriptionId, endsAt, duringTrial: subscription.status === 'trialing', scheduledAt: at } }];
}

function resume(command: ResumeSubscription, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const subscription = live(state, command);
  if (!subscription.cancelAtPeriodEnd) return [];
  const { userId, subscriptionId } = command.data;
  return [{ type: 'SubscriptionResumed', data: { userId, subscriptionId, currentPeriodEnd: subscription.currentPeriodEnd, resumedAt: at } }];
}

function changePlan(command: ChangePlan, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const subscription = live(state, command);
  if (subscription.plan === command.data.plan) return [];
  const { userId, subscriptionId, plan, amount, currency } = command.data;
  return [{ type: 'PlanChanged', data: { userId, subscriptionId, fromPlan: subscription.plan, toPlan: plan, amount, currency, changedAt: at } }];
}

function end(command: EndSubscription, state: SubscriptionState, at: string): SubscriptionEvent[] {
  const subscription = current(state, command.data);
  if (subscription.status === 'canceled') return [];
  const { userId, subscriptionId, reason } = command.data;
  return [{ type: 'SubscriptionEnded', data: { userId, subscriptionId, plan: subscription.plan, reason, previousStatus: subscription.status, endedAt: at } }];
}

/**
 * The rules of `subscription-{userId}` (see subscriptionStreamId). Repeating a
 * fact that already holds records nothing, so the same provider notice
 * delivered twice is harmless; a command that contradicts the state is refused.
 */
export const subscriptionDecider = {
  decide(command: SubscriptionCommand, state: SubscriptionState, { now }: SubscriptionContext): SubscriptionEvent[] {
    const at = now.toISOString();
    switch (command.type) {
      case 'StartCheckout':
        return startCheckout(command, state, at);
      case 'StartTrial':
        return startTrial(command, state, at);
      case 'ActivateSubscription':
        return activate(command, state, at);
      case 'RenewSubscription':
        return renew(command, state, at);
      case 'RecordPaymentFailure':
        return recordPaymentFailure(command, state, at);
      case 'CancelSubscription':
        return cancel(command, state, at);
      case 'ResumeSubscription':
        return resume(command, state, at);
      case 'ChangePlan':
        return changePlan(command, state, at);
      case 'EndSubscription':
        return end(command, state, at);
      default: {
        const _exhaustive: never = command;
        throw new Error(`Unknown command: ${JSON.stringify(command)}`);
      }
    }
  },
  evolve: evolveSubscription,
  initialState: initialSubscriptionState,
};
