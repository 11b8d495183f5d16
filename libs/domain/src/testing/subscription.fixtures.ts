// Events and commands of one user's subscription, with overridable payloads,
// so each given/when/then reads as the story it tells.
import type { SubscriptionCommand } from '../subscription/subscription.decider.js';
import type { SubscriptionEvent } from '../subscription/subscription.events.js';

export const userId = 'user-1';
export const subscriptionId = 'sub_1';
export const customerId = 'cus_1';
export const now = new Date('2026-03-10T12:00:00.000Z');
export const at = now.toISOString();
export const context = { now };

const subject = { userId, subscriptionId };
type Data<T extends { type: string; data: object }, K extends T['type']> = Partial<Extract<T, { type: K }>['data']>;
type E<K extends SubscriptionEvent['type']> = Data<SubscriptionEvent, K>;
type C<K extends SubscriptionCommand['type']> = Data<SubscriptionCommand, K>;

export const checkoutStarted = (o: E<'CheckoutStarted'> = {}): SubscriptionEvent => ({
  type: 'CheckoutStarted',
  data: { ...subject, customerId, plan: 'monthly', promoCode: null, amount: 499, currency: 'usd', withTrial: true, startedAt: '2026-03-01T09:00:00.000Z', ...o },
});
export const trialStarted = (o: E<'TrialStarted'> = {}): SubscriptionEvent => ({
  type: 'TrialStarted',
  data: { ...subject, plan: 'monthly', trialEndsAt: '2026-03-04T09:00:00.000Z', startedAt: '2026-03-01T09:01:00.000Z', ...o },
});
export const activated = (o: E<'SubscriptionActivated'> = {}): SubscriptionEvent => ({
  type: 'SubscriptionActivated',
  data: { ...subject, plan: 'monthly', invoiceId: 'in_1', amountPaid: 499, currency: 'usd', currentPeriodEnd: '2026-04-04T09:00:00.000Z', fromTrial: true, activatedAt: '2026-03-04T09:00:00.000Z', ...o },
});
export const renewed = (o: E<'SubscriptionRenewed'> = {}): SubscriptionEvent => ({
  type: 'SubscriptionRenewed',
  data: { ...subject, plan: 'monthly', invoiceId: 'in_2', amountPaid: 499, currency: 'usd', currentPeriodEnd: '2026-05-04T09:00:00.000Z', recoveredFromPastDue: false, renewedAt: at, ...o },
});
export const paymentFailed = (o: E<'PaymentFailed'> = {}): SubscriptionEvent => ({
  type: 'PaymentFailed',
  data: { ...subject, invoiceId: 'in_2', amountDue: 499, currency: 'usd', attempt: 1, nextAttemptAt: '2026-04-05T09:00:00.000Z', failedAt: '2026-04-04T09:00:00.000Z', ...o },
});
export const cancellationScheduled = (o: E<'CancellationScheduled'> = {}): SubscriptionEvent => ({
  type: 'CancellationScheduled',
  data: { ...subject, endsAt: '2026-04-04T09:00:00.000Z', duringTrial: false, scheduledAt: '2026-03-05T09:00:00.000Z', ...o },
});
export const ended = (o: E<'SubscriptionEnded'> = {}): SubscriptionEvent => ({
  type: 'SubscriptionEnded',
  data: { ...subject, plan: 'monthly', reason: 'canceled_at_period_end', previousStatus: 'active', endedAt: '2026-04-04T09:00:00.000Z', ...o },
});

export const startCheckout = (o: C<'StartCheckout'> = {}): SubscriptionCommand => ({
  type: 'StartCheckout',
  data: { ...subject, customerId, plan: 'monthly', promoCode: null, amount: 499, currency: 'usd', withTrial: true, ...o },
});
export const startTrial = (o: C<'StartTrial'> = {}): SubscriptionCommand => ({ type: 'StartTrial', data: { ...subject, trialEndsAt: '2026-03-13T12:00:00.000Z', ...o } });
export const activate = (o: C<'ActivateSubscription'> = {}): SubscriptionCommand => ({
  type: 'ActivateSubscription',
  data: { ...subject, invoiceId: 'in_1', amountPaid: 499, currency: 'usd', currentPeriodEnd: '2026-04-10T12:00:00.000Z', ...o },
});
export const renew = (o: C<'RenewSubscription'> = {}): SubscriptionCommand => ({
  type: 'RenewSubscription',
  data: { ...subject, invoiceId: 'in_2', amountPaid: 499, currency: 'usd', currentPeriodEnd: '2026-05-04T09:00:00.000Z', ...o },
});
export const recordFailure = (o: C<'RecordPaymentFailure'> = {}): SubscriptionCommand => ({
  type: 'RecordPaymentFailure',
  data: { ...subject, invoiceId: 'in_2', amountDue: 499, currency: 'usd', attempt: 1, nextAttemptAt: '2026-04-05T09:00:00.000Z', ...o },
});
export const cancel = (o: C<'CancelSubscription'> = {}): SubscriptionCommand => ({ type: 'CancelSubscription', data: { ...subject, endsAt: null, ...o } });
export const resume = (o: C<'ResumeSubscription'> = {}): SubscriptionCommand => ({ type: 'ResumeSubscription', data: { ...subject, ...o } });
export const changePlan = (o: C<'ChangePlan'> = {}): SubscriptionCommand => ({
  type: 'ChangePlan',
  data: { ...subject, plan: 'yearly', amount: 2999, currency: 'usd', ...o },
});
export const end = (o: C<'EndSubscription'> = {}): SubscriptionCommand => ({ type: 'EndSubscription', data: { ...subject, reason: 'canceled_at_period_end', ...o } });

/** Histories that put the subscription in each status. */
export const incomplete = [checkoutStarted()];
export const trialing = [checkoutStarted(), trialStarted()];
export const active = [...trialing, activated()];
export const pastDue = [...active, paymentFailed()];
export const canceled = [...trialing, ended({ reason: 'canceled_at_period_end', previousStatus: 'trialing' })];
