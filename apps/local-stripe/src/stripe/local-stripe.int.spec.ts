import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { confirmWithCard } from './confirm.js';
import { LocalStripeError } from './errors.js';
import { queuedEvents, startCheckout, startLocalProvider } from './testing.js';

// The local provider's own behaviour: test cards at confirmation, then what
// its billing clock does at trial ends, renewals and retries.
let provider: Awaited<ReturnType<typeof startLocalProvider>>;
beforeAll(async () => {
  provider = await startLocalProvider();
}, 30_000);
afterAll(async () => provider?.stop());

const DAY = 86_400;
const card = (number: string) => ({ number, expiry: '12/40', cvc: '123' });
const request = { id: 'req_test', idempotency_key: null };

const subscribe = (trialDays: number, promo?: string) => startCheckout(provider.sdk, { userId: 'user-1', trialDays, promo });

const confirm = (secret: string, number: string) => provider.stripe.run((tx) => confirmWithCard(tx, secret, card(number), request));
const subscription = (id: string) => provider.sdk.subscriptions.retrieve(id, { expand: ['latest_invoice'] });
const eventsOf = async (subscriptionId: string) =>
  (await queuedEvents(provider))
    .filter(({ object }) => object.id === subscriptionId || JSON.stringify(object).includes(subscriptionId))
    .map(({ type }) => type);

describe('a trial with 4242 4242 4242 4242', () => {
  it('saves the card, then converts at the trial end with the promo price and renews a month later', async () => {
    const started = await subscribe(3, 'ROCKY17');
    expect(await confirm(started.clientSecret, '4242424242424242')).toMatchObject({ intentType: 'setup', paymentMethod: { card: { last4: '4242' } } });
    expect((await subscription(started.subscriptionId)).default_payment_method).toEqual(expect.stringMatching(/^pm_/));

    await provider.clock.advance({ seconds: 3 * DAY + 60 });
    const converted = await subscription(started.subscriptionId);
    expect(converted).toMatchObject({ status: 'active', latest_invoice: { status: 'paid', amount_paid: 414, billing_reason: 'subscription_cycle' } });

    await provider.clock.advance({ seconds: 31 * DAY });
    expect(await eventsOf(started.subscriptionId)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.trial_will_end',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    const paid = (await queuedEvents(provider)).filter(({ type, object }) => type === 'invoice.paid' && JSON.stringify(object).includes(started.subscriptionId));
    expect(paid.map(({ object }) => object.amount_paid)).toEqual([0, 414, 414]);
    expect(paid.every(({ request: cause }, index) => (index === 0 ? cause.id !== null : cause.id === null))).toBe(true);
  });
});

describe('a trial with 4000 0000 0000 0341 (saves, then declines)', () => {
  it('goes past due at the trial end, retries after 1, 3 and 5 days, then cancels', async () => {
    const started = await subscribe(3);
    await confirm(started.clientSecret, '4000000000000341');
    await provider.clock.advance({ seconds: 3 * DAY + 60 });
    expect(await subscription(started.subscriptionId)).toMatchObject({ status: 'past_due', latest_invoice: { status: 'open', attempt_count: 1 } });

    await provider.clock.advance({ seconds: 10 * DAY });
    const ended = await subscription(started.subscriptionId);
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect((await eventsOf(started.subscriptionId)).filter((type) => type === 'invoice.payment_failed')).toHaveLength(4);
  });
});

describe('cards declined at confirmation', () => {
  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('refuses %s with card_declined (%s) and saves nothing', async (number, declineCode, message) => {
    const started = await subscribe(3);
    const result = await confirm(started.clientSecret, number);
    expect(result).toBeInstanceOf(LocalStripeError);
    expect(result).toMatchObject({ status: 402, detail: { code: 'card_declined', decline_code: declineCode, message } });
    expect((await subscription(started.subscriptionId)).default_payment_method).toBeNull();
  });

  it('cancels a trial that ends without a card', async () => {
    const started = await subscribe(3);
    await confirm(started.clientSecret, '4000000000000002');
    await provider.clock.advance({ seconds: 3 * DAY + 60 });
    expect(await subscription(started.subscriptionId)).toMatchObject({ status: 'canceled', cancellation_details: { reason: null } });
  });
});

describe('a checkout without a trial', () => {
  it('records a declined first payment, then activates when another card pays', async () => {
    const started = await subscribe(0);
    expect(await confirm(started.clientSecret, '4000000000009995')).toMatchObject({ detail: { decline_code: 'insufficient_funds' } });
    expect(await subscription(started.subscriptionId)).toMatchObject({ status: 'incomplete', latest_invoice: { status: 'open', attempt_count: 1 } });
    expect(await confirm(started.clientSecret, '4242424242424242')).toMatchObject({ intentType: 'payment' });
    expect(await subscription(started.subscriptionId)).toMatchObject({ status: 'active', latest_invoice: { status: 'paid', amount_paid: 499 } });
  });

  it('expires unpaid after 23 hours', async () => {
    const started = await subscribe(0);
    await provider.clock.advance({ seconds: 23 * 3600 + 60 });
    expect(await subscription(started.subscriptionId)).toMatchObject({ status: 'incomplete_expired', latest_invoice: { status: 'void' } });
  });
});

describe('cancel at period end', () => {
  it('keeps the subscription until the period ends, then deletes it', async () => {
    const started = await subscribe(3);
    await confirm(started.clientSecret, '4242424242424242');
    await provider.sdk.subscriptions.update(started.subscriptionId, { cancel_at_period_end: true });
    expect(await subscription(started.subscriptionId)).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    await provider.clock.advance({ seconds: 3 * DAY + 60 });
    expect(await subscription(started.subscriptionId)).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
    expect(await eventsOf(started.subscriptionId)).toContain('customer.subscription.deleted');
  });

  it('refuses to move the clock backwards', async () => {
    await expect(provider.clock.advance({ to: new Date(Date.now() - DAY * 1000) })).rejects.toThrow('only moves forward');
  });
});

describe('the timer run', () => {
  it('does what came due as time passed, unless another process holds the clock', async () => {
    const started = await subscribe(0);
    // Time passes (without advancing the clock on purpose).
    await provider.db.pool.query('UPDATE local_stripe.clock SET offset_seconds = offset_seconds + $1', [24 * 3600]);
    const other = await provider.db.pool.connect();
    try {
      await other.query("SELECT pg_advisory_lock(hashtext('local-stripe:billing-clock'))");
      expect(await provider.clock.tick()).toBe(0);
      await other.query("SELECT pg_advisory_unlock(hashtext('local-stripe:billing-clock'))");
    } finally {
      other.release();
    }
    expect(await provider.clock.tick()).toBeGreaterThan(0);
    expect((await subscription(started.subscriptionId)).status).toBe('incomplete_expired');
  });
});
