import { PROMOTIONS, awaitsFirstPayment, discountedAmount, planOfInterval, type EndReason, type SubscriptionCommand, type SubscriptionState } from '@jokes/domain';
import type Stripe from 'stripe';

/** Marks the subscriptions the product's checkout creates (metadata.source). */
export const CHECKOUT_SOURCE = 'jokes-checkout';

/** What a provider event means for one user's subscription stream. */
export type WebhookRoute =
  | { kind: 'apply'; userId: string; subscriptionId: string; at: Date; commandsFor: (state: SubscriptionState) => SubscriptionCommand[] }
  | { kind: 'ignore'; reason: string };

const ignore = (reason: string): WebhookRoute => ({ kind: 'ignore', reason });
const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Maps Stripe's events (from Stripe or the local provider) to the commands of
 * the subscription decider. Subscription events are snapshots, compared with
 * the stream's state; invoices carry the money. Anything else needs no action.
 */
export function routeWebhook(event: Stripe.Event): WebhookRoute {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const userId = subscription.metadata?.user_id;
      if (!userId) return ignore('subscription without a user_id in its metadata');
      const deleted = event.type === 'customer.subscription.deleted';
      return { kind: 'apply', userId, subscriptionId: subscription.id, at, commandsFor: (state) => fromSnapshot(subscription, deleted, userId, state) };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      const userId = details?.metadata?.user_id;
      if (!subscriptionId || !userId) return ignore('invoice of no subscription of ours');
      if (event.type === 'invoice.paid' && invoice.amount_paid === 0 && invoice.billing_reason === 'subscription_create') {
        return ignore("the trial's $0 first invoice");
      }
      const subject = { userId, subscriptionId };
      if (event.type === 'invoice.payment_failed') {
        return {
          kind: 'apply',
          userId,
          subscriptionId,
          at,
          commandsFor: () => [
            {
              type: 'RecordPaymentFailure',
              data: { ...subject, invoiceId: invoice.id!, amountDue: invoice.amount_remaining, currency: invoice.currency, attempt: invoice.attempt_count, nextAttemptAt: iso(invoice.next_payment_attempt) },
            },
          ],
        };
      }
      const paid = { ...subject, invoiceId: invoice.id!, amountPaid: invoice.amount_paid, currency: invoice.currency, currentPeriodEnd: iso(invoice.lines.data[0]?.period.end ?? invoice.period_end)! };
      return {
        kind: 'apply',
        userId,
        subscriptionId,
        at,
        commandsFor: (state) => [
          awaitsFirstPayment(state) ? { type: 'ActivateSubscription', data: paid } : { type: 'RenewSubscription', data: paid },
        ],
      };
    }
    default:
      return ignore(`${event.type} needs no action`);
  }
}

function fromSnapshot(subscription: Stripe.Subscription, deleted: boolean, userId: string, state: SubscriptionState): SubscriptionCommand[] {
  const subject = { userId, subscriptionId: subscription.id };
  const item = subscription.items.data[0];
  const plan = planOfInterval(item?.price.recurring?.interval);
  const ours = state.status !== 'none' && state.subscriptionId === subscription.id ? state : undefined;
  const promoCode = subscription.metadata?.promo_code || ours?.promoCode || null;
  const percentOff = promoCode ? (PROMOTIONS[promoCode]?.percentOff ?? 0) : 0;
  const amount = discountedAmount(item?.price.unit_amount ?? 0, percentOff);
  const ended = deleted || subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  const commands: SubscriptionCommand[] = [];

  if (!ours) {
    // Our own checkouts are recorded by the request that made them, with the user as the cause;
    // their first webhook may arrive before that. Only one made elsewhere (say, Stripe's dashboard) starts here.
    if (subscription.metadata?.source === CHECKOUT_SOURCE) return [];
    if (ended || !plan || !['trialing', 'incomplete', 'active', 'past_due'].includes(subscription.status)) return [];
    const customerId = idOf(subscription.customer)!;
    commands.push({
      type: 'StartCheckout',
      data: { ...subject, customerId, plan, promoCode, amount, currency: subscription.currency, withTrial: subscription.trial_end !== null },
    });
  }
  if (ended) return [...commands, { type: 'EndSubscription', data: { ...subject, reason: endReason(subscription) } }];
  if (subscription.status === 'trialing' && subscription.default_payment_method && ours?.status !== 'trialing') {
    commands.push({ type: 'StartTrial', data: { ...subject, trialEndsAt: iso(subscription.trial_end)! } });
  }
  const scheduled = ours?.cancelAtPeriodEnd ?? false;
  if (subscription.cancel_at_period_end && !scheduled) {
    commands.push({ type: 'CancelSubscription', data: { ...subject, endsAt: iso(subscription.cancel_at ?? item?.current_period_end) } });
  }
  if (!subscription.cancel_at_period_end && scheduled) commands.push({ type: 'ResumeSubscription', data: subject });
  if (ours && plan && plan !== ours.plan) commands.push({ type: 'ChangePlan', data: { ...subject, plan, amount, currency: subscription.currency } });
  return commands;
}

function endReason(subscription: Stripe.Subscription): EndReason {
  if (subscription.status === 'incomplete_expired') return 'checkout_expired';
  if (subscription.cancellation_details?.reason === 'payment_failed') return 'payment_failed';
  if (subscription.cancel_at_period_end) return 'canceled_at_period_end';
  const trialOver = subscription.trial_end !== null && subscription.ended_at !== null && subscription.ended_at >= subscription.trial_end;
  if (trialOver && !subscription.default_payment_method && subscription.status === 'canceled' && subscription.cancellation_details?.reason == null) {
    return 'trial_ended_without_payment_method';
  }
  return 'canceled_immediately';
}
