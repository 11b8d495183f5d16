import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import type Stripe from 'stripe';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startLocalStripeProcess, type LocalStripeProcess } from '../../../../../tools/local-stripe.ts';
import { LOCAL_SECRET_KEY } from '../billing.config.js';
import { BillingProviderError, WebhookSignatureError } from './billing-gateway.js';
import { createStripeClient, StripeBillingGateway } from './stripe-billing-gateway.js';

// The one billing adapter, with the real `stripe` SDK, against a local HTTP
// server that answers Stripe's API: the local provider, in its own process.
const TEST_WEBHOOK_SECRET = 'whsec_test_local_provider';
const TEST_PUBLIC_URL = 'http://jokes.test';

/** Stripe's webhook signature: `t={seconds},v1=HMAC-SHA256(secret, "{t}.{raw body}")`. */
const signWebhookPayload = (payload: string, secret: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;

let provider: { db: TestDatabase; process: LocalStripeProcess; sdk: Stripe; gateway: StripeBillingGateway };
beforeAll(async () => {
  const db = await createTestDatabase('gateway');
  const running = await startLocalStripeProcess({ databaseUrl: db.url, webhookSecret: TEST_WEBHOOK_SECRET, publicUrl: TEST_PUBLIC_URL });
  const config = { provider: 'local' as const, secretKey: LOCAL_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, priceIds: {}, localStripeUrl: new URL(running.url) };
  const sdk = createStripeClient(config);
  provider = { db, process: running, sdk, gateway: new StripeBillingGateway(sdk, config) };
}, 60_000);
afterAll(async () => {
  await provider?.process.stop();
  await provider?.db.drop();
});

const checkout = async (options: { trialDays: number; promo?: string; plan?: 'monthly' | 'yearly'; key?: string }) => {
  const { gateway } = provider;
  const plan = options.plan ?? 'monthly';
  const customerId = await gateway.createCustomer({ userId: 'user-1', email: 'ana@example.com' }, `customer-${Math.random()}`);
  const promotion = options.promo ? await gateway.findPromotion(options.promo) : null;
  const price = await gateway.priceOf(plan);
  return gateway.startCheckout({ customerId, userId: 'user-1', plan, price, promotion, trialDays: options.trialDays }, options.key ?? `sub-${Math.random()}`);
};

describe('the Stripe adapter against the local provider', () => {
  it('finds the $4.99 monthly and $29.99 yearly prices by lookup key', async () => {
    expect(await provider.gateway.priceOf('monthly')).toMatchObject({ amount: 499, currency: 'usd' });
    expect(await provider.gateway.priceOf('yearly')).toMatchObject({ amount: 2999, currency: 'usd' });
  });

  it('finds ROCKY17 in any casing as 17% off, and no promotion for an unknown code', async () => {
    expect(await provider.gateway.findPromotion('rocky17')).toMatchObject({ code: 'ROCKY17', percentOff: 17 });
    expect(await provider.gateway.findPromotion('ROCKY18')).toBeNull();
  });

  it('starts a 3-day trial that waits for a card through a setup intent', async () => {
    const started = await checkout({ trialDays: 3, promo: 'ROCKY17' });
    expect(started).toMatchObject({ intentType: 'setup', clientSecret: expect.stringMatching(/^seti_\w+_secret_\w+$/) });
    const subscription = await provider.sdk.subscriptions.retrieve(started.subscriptionId);
    expect(subscription).toMatchObject({ status: 'trialing', metadata: { user_id: 'user-1', plan: 'monthly', promo_code: 'ROCKY17' }, discounts: [expect.any(String)] });
    expect(subscription.trial_end! - subscription.trial_start!).toBe(3 * 86_400);
    expect(subscription.items.data[0]?.current_period_end).toBe(subscription.trial_end);
    expect(await provider.gateway.pendingCheckout(started.subscriptionId)).toMatchObject({ clientSecret: started.clientSecret });
  });

  it('starts a checkout without a trial that waits for the first payment', async () => {
    const started = await checkout({ trialDays: 0, plan: 'yearly' });
    expect(started).toMatchObject({ intentType: 'payment', clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });
    const subscription = await provider.sdk.subscriptions.retrieve(started.subscriptionId, { expand: ['latest_invoice'] });
    expect(subscription.status).toBe('incomplete');
    expect(subscription.latest_invoice).toMatchObject({ status: 'open', amount_due: 2999, billing_reason: 'subscription_create' });
  });

  it('answers a retried request with the same idempotency key with the first result', async () => {
    const first = await checkout({ trialDays: 3, key: 'retry-me' });
    const customer = (await provider.sdk.subscriptions.retrieve(first.subscriptionId)).customer as string;
    const again = await provider.gateway.startCheckout(
      { customerId: customer, userId: 'user-1', plan: 'monthly', price: await provider.gateway.priceOf('monthly'), promotion: null, trialDays: 3 },
      'retry-me',
    );
    expect(again.subscriptionId).toBe(first.subscriptionId);
  });

  it('cancels a checkout at once, and then has nothing pending', async () => {
    const started = await checkout({ trialDays: 3 });
    await provider.gateway.cancelNow(started.subscriptionId);
    expect((await provider.sdk.subscriptions.retrieve(started.subscriptionId)).status).toBe('canceled');
    expect(await provider.gateway.pendingCheckout(started.subscriptionId)).toBeNull();
  });

  it("opens a billing portal session on the product's origin", async () => {
    const customerId = await provider.gateway.createCustomer({ userId: 'user-2', email: 'bo@example.com' }, 'portal-customer');
    expect(await provider.gateway.createPortalSession(customerId, `${TEST_PUBLIC_URL}/account`)).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/local-billing/portal/bps_\\w+$`));
  });
});

describe('webhook signatures', () => {
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1, data: { object: {} }, request: { id: null } });

  it('accepts a body signed with the secret', () => {
    expect(provider.gateway.verifyWebhook(Buffer.from(payload), signWebhookPayload(payload, TEST_WEBHOOK_SECRET)).id).toBe('evt_1');
  });

  it.each([
    ['forged with another secret', payload, signWebhookPayload(payload, 'whsec_someone_else')],
    ['tampered after signing', payload.replace('evt_1', 'evt_2'), signWebhookPayload(payload, TEST_WEBHOOK_SECRET)],
    ['signed more than 300 s ago', payload, signWebhookPayload(payload, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301)],
    ['without a signature', payload, undefined],
  ])('refuses a body %s', (_case, body, signature) => {
    expect(() => provider.gateway.verifyWebhook(Buffer.from(body), signature)).toThrow(WebhookSignatureError);
  });
});

describe('when the provider fails', () => {
  let broken: Server;
  let gateway: StripeBillingGateway;
  beforeAll(async () => {
    broken = createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong' } }));
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const config = { provider: 'local' as const, secretKey: LOCAL_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, priceIds: {}, localStripeUrl: new URL(`http://127.0.0.1:${(broken.address() as AddressInfo).port}`) };
    gateway = new StripeBillingGateway(createStripeClient(config), config);
  });
  afterAll(async () => new Promise<void>((resolve) => broken.close(() => resolve())));

  it("reports 'Failed to create subscription' for the checkout calls", async () => {
    await expect(gateway.createCustomer({ userId: 'u', email: 'u@example.com' }, 'k')).rejects.toMatchObject({
      name: BillingProviderError.name,
      userMessage: 'Failed to create subscription',
    });
  }, 20_000);

  it("reports 'Portal Redirect Failed' for the portal", async () => {
    await expect(gateway.createPortalSession('cus_1', `${TEST_PUBLIC_URL}/account`)).rejects.toMatchObject({ userMessage: 'Portal Redirect Failed' });
  }, 20_000);
});
