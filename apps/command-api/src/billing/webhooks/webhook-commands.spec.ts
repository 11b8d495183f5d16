import { describe, expect, it } from '@jest/globals';
import { subscriptionDecider, type SubscriptionEvent, type SubscriptionState } from '@jokes/domain';
import type Stripe from 'stripe';
import { CHECKOUT_SOURCE, routeWebhook } from './webhook-commands.js';

const T = 1_773_000_000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const subject = { userId: 'u-1', subscriptionId: 'sub_1' };

const subscription = (overrides: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  customer: 'cus_1',
  status: 'trialing',
  currency: 'usd',
  cancel_at_period_end: false,
  cancel_at: null,
  cancellation_details: { reason: null },
  default_payment_method: null,
  trial_end: T + 3 * 86_400,
  ended_at: null,
  metadata: { user_id: 'u-1', plan: 'monthly', promo_code: 'ROCKY17', source: CHECKOUT_SOURCE },
  items: { data: [{ price: { unit_amount: 499, recurring: { interval: 'month' } }, current_period_end: T + 3 * 86_400 }] },
  ...overrides,
});
const event = (type: string, object: unknown, request: string | null = 'req_1') =>
  ({ id: 'evt_1', object: 'event', type, created: T, data: { object }, request: { id: request, idempotency_key: null } }) as unknown as Stripe.Event;

const stateOf = (...events: SubscriptionEvent[]): SubscriptionState => events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
const checkout: SubscriptionEvent = {
  type: 'CheckoutStarted',
  data: { ...subject, customerId: 'cus_1', plan: 'monthly', promoCode: 'ROCKY17', amount: 414, currency: 'usd', withTrial: true, startedAt: iso(T) },
};
const trialing = stateOf(checkout, { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: iso(T + 3 * 86_400), startedAt: iso(T) } });

const commands = (stripeEvent: Stripe.Event, state: SubscriptionState) => {
  const route = routeWebhook(stripeEvent);
  if (route.kind !== 'apply') throw new Error(`ignored: ${route.reason}`);
  return route.commandsFor(state).map((command) => [command.type, command.data]);
};

describe('subscription snapshots', () => {
  it("leaves our own new checkout to the request that records it, even when its webhook comes first", () => {
    expect(commands(event('customer.subscription.created', subscription()), subscriptionDecider.initialState())).toEqual([]);
  });

  it('starts a checkout for a live subscription made elsewhere (a dashboard)', () => {
    const made = subscription({ metadata: { user_id: 'u-1' } });
    expect(commands(event('customer.subscription.created', made), subscriptionDecider.initialState())).toEqual([
      ['StartCheckout', { ...subject, customerId: 'cus_1', plan: 'monthly', promoCode: null, amount: 499, currency: 'usd', withTrial: true }],
    ]);
  });

  it('starts the trial once a card is saved on the subscription', () => {
    expect(commands(event('customer.subscription.updated', subscription({ default_payment_method: 'pm_1' })), stateOf(checkout))).toEqual([
      ['StartTrial', { ...subject, trialEndsAt: iso(T + 3 * 86_400) }],
    ]);
  });

  it('schedules a cancellation at the period end, and withdraws it', () => {
    const canceling = subscription({ default_payment_method: 'pm_1', cancel_at_period_end: true, cancel_at: T + 3 * 86_400 });
    expect(commands(event('customer.subscription.updated', canceling), trialing)).toEqual([['CancelSubscription', { ...subject, endsAt: iso(T + 3 * 86_400) }]]);
    const scheduled = stateOf(checkout, { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: iso(T), startedAt: iso(T) } }, {
      type: 'CancellationScheduled',
      data: { ...subject, endsAt: iso(T), duringTrial: true, scheduledAt: iso(T) },
    });
    expect(commands(event('customer.subscription.updated', subscription({ default_payment_method: 'pm_1' })), scheduled)).toEqual([['ResumeSubscription', subject]]);
  });

  it('changes the plan with the promo price of the new one', () => {
    const yearly = subscription({ default_payment_method: 'pm_1', items: { data: [{ price: { unit_amount: 2999, recurring: { interval: 'year' } }, current_period_end: T }] } });
    expect(commands(event('customer.subscription.updated', yearly), trialing)).toEqual([['ChangePlan', { ...subject, plan: 'yearly', amount: 2489, currency: 'usd' }]]);
  });

  it.each([
    ['canceled at the period end', { status: 'canceled', cancel_at_period_end: true, default_payment_method: 'pm_1' }, 'canceled_at_period_end'],
    ['after the last failed payment', { status: 'canceled', cancellation_details: { reason: 'payment_failed' }, default_payment_method: 'pm_1' }, 'payment_failed'],
    ['at a trial end without a card', { status: 'canceled', ended_at: T + 3 * 86_400 }, 'trial_ended_without_payment_method'],
    ['at once', { status: 'canceled', cancellation_details: { reason: 'cancellation_requested' }, ended_at: T }, 'canceled_immediately'],
    ['unpaid after 23 hours', { status: 'incomplete_expired', trial_end: null }, 'checkout_expired'],
  ])('ends the subscription %s', (_case, fields, reason) => {
    expect(commands(event('customer.subscription.deleted', subscription(fields)), trialing)).toEqual([['EndSubscription', { ...subject, reason }]]);
  });
});

describe('invoices', () => {
  const invoice = (overrides: Record<string, unknown> = {}) => ({
    id: 'in_1',
    object: 'invoice',
    amount_paid: 414,
    amount_remaining: 0,
    currency: 'usd',
    billing_reason: 'subscription_cycle',
    attempt_count: 1,
    next_payment_attempt: null,
    period_end: T,
    lines: { data: [{ period: { start: T, end: T + 30 * 86_400 } }] },
    parent: { subscription_details: { subscription: 'sub_1', metadata: { user_id: 'u-1' } } },
    ...overrides,
  });

  it('activates a trial with the first paid period', () => {
    expect(commands(event('invoice.paid', invoice(), null), trialing)).toEqual([
      ['ActivateSubscription', { ...subject, invoiceId: 'in_1', amountPaid: 414, currency: 'usd', currentPeriodEnd: iso(T + 30 * 86_400) }],
    ]);
  });

  it('activates a trial whose first charge failed when a retry is paid', () => {
    const pastDue = subscriptionDecider.evolve(trialing, {
      type: 'PaymentFailed',
      data: { ...subject, invoiceId: 'in_1', amountDue: 414, currency: 'usd', attempt: 1, nextAttemptAt: iso(T), failedAt: iso(T) },
    });
    expect(commands(event('invoice.paid', invoice(), null), pastDue)[0]?.[0]).toBe('ActivateSubscription');
  });

  it('renews an active subscription', () => {
    const active = subscriptionDecider.evolve(trialing, {
      type: 'SubscriptionActivated',
      data: { ...subject, plan: 'monthly', invoiceId: 'in_0', amountPaid: 414, currency: 'usd', currentPeriodEnd: iso(T), fromTrial: true, activatedAt: iso(T) },
    });
    expect(commands(event('invoice.paid', invoice(), null), active)[0]?.[0]).toBe('RenewSubscription');
  });

  it('records a failed payment with the next attempt', () => {
    const failed = invoice({ amount_paid: 0, amount_remaining: 414, attempt_count: 2, next_payment_attempt: T + 86_400 });
    expect(commands(event('invoice.payment_failed', failed, null), trialing)).toEqual([
      ['RecordPaymentFailure', { ...subject, invoiceId: 'in_1', amountDue: 414, currency: 'usd', attempt: 2, nextAttemptAt: iso(T + 86_400) }],
    ]);
  });

  it("ignores the trial's $0 first invoice and invoices of no subscription of ours", () => {
    expect(routeWebhook(event('invoice.paid', invoice({ amount_paid: 0, billing_reason: 'subscription_create' })))).toMatchObject({ kind: 'ignore' });
    expect(routeWebhook(event('invoice.paid', invoice({ parent: null })))).toMatchObject({ kind: 'ignore' });
  });
});

describe('other events', () => {
  it('needs no action for the trial reminder or setup intents', () => {
    expect(routeWebhook(event('customer.subscription.trial_will_end', subscription()))).toMatchObject({ kind: 'ignore' });
    expect(routeWebhook(event('setup_intent.succeeded', {}))).toMatchObject({ kind: 'ignore' });
  });
});
