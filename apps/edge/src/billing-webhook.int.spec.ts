import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BILLING_TEST_WEBHOOK_SECRET, BillingClient, billingEnv } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// The webhook route as an attacker and as a flaky network see it: only a body
// signed with the endpoint's secret, recently, is applied, and only once.
let stack: RunningStack;
let billing: BillingClient;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: billingEnv(issuer) });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 30_000);

/** Stripe's scheme: `t={seconds},v1=HMAC-SHA256(secret, "{t}.{raw body}")`. */
const sign = (body: string, secret = BILLING_TEST_WEBHOOK_SECRET, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

const deliver = async (body: string, signature?: string) => {
  const response = await fetch(`${stack.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as { appended?: number; error?: string } };
};

/** A trialing subscriber, and the Stripe event of them canceling at the period end. */
async function cancellationEvent(eventId = `evt_test_${randomUUID().replaceAll('-', '')}`) {
  const user = await billing.newUser();
  const { created, confirmed } = await billing.subscribe(user, '4242424242424242');
  const [row] = await billing.subscriptions(user, confirmed.body.position);
  const periodEnd = Math.floor(new Date(row!.current_period_end!).getTime() / 1000);
  const subscription = {
    id: created.subscriptionId,
    object: 'subscription',
    customer: row!.stripe_customer_id,
    status: 'trialing',
    cancel_at_period_end: true,
    cancel_at: periodEnd,
    cancellation_details: { reason: 'cancellation_requested' },
    currency: 'usd',
    default_payment_method: 'pm_test',
    trial_end: periodEnd,
    metadata: { user_id: user.userId, plan: 'monthly', promo_code: '', source: 'jokes-checkout' },
    items: { object: 'list', data: [{ price: { unit_amount: 499, recurring: { interval: 'month' } }, current_period_end: periodEnd }] },
  };
  const event = { id: eventId, object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: { object: subscription }, request: { id: 'req_test', idempotency_key: null } };
  return { user, stream: `subscription-${user.userId}`, body: JSON.stringify(event), event };
}

describe('webhooks that change nothing', () => {
  it.each([
    ['forged with another secret', (body: string) => ({ body, signature: sign(body, 'whsec_attacker') })],
    ['tampered after signing', (body: string) => ({ body: body.replace('"trialing"', '"active"'), signature: sign(body) })],
    ['signed more than 300 s ago (a replay)', (body: string) => ({ body, signature: sign(body, BILLING_TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301) })],
    ['without a signature', (body: string) => ({ body, signature: undefined })],
  ])('refuses a delivery %s with 400', async (_case, make) => {
    const { stream, body } = await cancellationEvent();
    const before = await billing.eventCount(stream);
    const attack = make(body);
    const answer = await deliver(attack.body, attack.signature);
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ error: 'Invalid signature' }) });
    expect(await billing.eventCount(stream)).toBe(before);
  });
});

describe('a genuine delivery', () => {
  it('is applied once, with the webhook event as its cause', async () => {
    const { user, stream, body, event } = await cancellationEvent();
    const before = await billing.eventCount(stream);
    expect(await deliver(body, sign(body))).toMatchObject({ status: 200, body: { appended: 1 } });
    const last = (await billing.timeline(user.userId)).timeline.at(-1);
    expect(last).toMatchObject({ type: 'CancellationScheduled', status_after: 'trialing', cause: { actor: 'billing-provider', webhook_event_id: event.id, webhook_event_type: 'customer.subscription.updated' } });

    // The same delivery again, and again later with a fresh signature: nothing more.
    expect(await deliver(body, sign(body))).toMatchObject({ status: 200, body: { appended: 0 } });
    expect(await deliver(body, sign(body, BILLING_TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + 5))).toMatchObject({ status: 200, body: { appended: 0 } });
    expect(await billing.eventCount(stream)).toBe(before + 1);
  });

  it('appends nothing for another event that reports a fact already recorded', async () => {
    const { stream, body, event } = await cancellationEvent();
    await deliver(body, sign(body));
    const count = await billing.eventCount(stream);
    const again = body.replace(event.id, `${event.id}_other`);
    expect(await deliver(again, sign(again))).toMatchObject({ status: 200, body: { appended: 0 } });
    expect(await billing.eventCount(stream)).toBe(count);
  });

  it('ignores an older snapshot of the subscription that arrives after a newer one', async () => {
    const { stream, event } = await cancellationEvent();
    const older = (cancelAtPeriodEnd: boolean, created: number) =>
      JSON.stringify({
        ...event,
        id: `${event.id}_${created}`,
        created,
        data: { object: { ...event.data.object, cancel_at_period_end: cancelAtPeriodEnd, cancel_at: cancelAtPeriodEnd ? event.data.object.cancel_at : null } },
      });
    const newer = older(true, event.created);
    expect(await deliver(newer, sign(newer))).toMatchObject({ status: 200, body: { appended: 1 } });
    const count = await billing.eventCount(stream);
    // Sent a minute earlier, when the subscription was not yet set to cancel.
    const stale = older(false, event.created - 60);
    expect(await deliver(stale, sign(stale))).toMatchObject({ status: 200, body: { appended: 0 } });
    expect(await billing.eventCount(stream)).toBe(count);
  });

  it('acknowledges events it has no use for without appending', async () => {
    const body = JSON.stringify({ id: 'evt_unrelated', object: 'event', type: 'charge.refunded', created: Math.floor(Date.now() / 1000), data: { object: {} }, request: { id: null } });
    expect(await deliver(body, sign(body))).toEqual({ status: 200, body: { received: true, appended: 0, position: null } });
  });
});
