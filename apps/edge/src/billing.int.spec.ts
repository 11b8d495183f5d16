import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BillingConfig, Catalogue, SubscriptionDetail, SubscriptionRow } from '@jokes/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient, billingEnv, DAY, eventually } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// Subscribing through the product as the web does it, against the local
// payment provider, with Stripe's documented test cards.
let stack: RunningStack;
let billing: BillingClient;
let catalogue: Catalogue;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: billingEnv(issuer) });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
  catalogue = (await billing.call('GET', '/api/comedians')).body as Catalogue;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 30_000);

const inDays = (iso: string | null) => (new Date(iso!).getTime() - Date.now()) / 1000 / DAY;

describe('subscribing with a test card', () => {
  it('4242 4242 4242 4242 starts a 3-day trial, and every read says Pro', async () => {
    const user = await billing.newUser();
    const { created, confirmed } = await billing.subscribe(user, '4242 4242 4242 4242');
    expect(created).toMatchObject({ subscriptionId: expect.stringMatching(/^sub_/), clientSecret: expect.stringMatching(/^seti_/), intentType: 'setup', trial: true, amount: 499, currency: 'usd' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', intentType: 'setup', paymentMethod: { brand: 'visa', last4: '4242' }, position: expect.any(String) });

    const position = confirmed.body.position;
    const [row] = await billing.subscriptions(user, position);
    expect(row).toMatchObject({ user_id: user.userId, stripe_subscription_id: created.subscriptionId, status: 'trialing', plan: 'monthly', cancel_at_period_end: false });
    expect(inDays(row!.current_period_end)).toBeCloseTo(3, 1);
    expect(await billing.syncUser(user, position)).toMatchObject({ has_active_subscription: true, stripe_customer_id: expect.stringMatching(/^cus_/) });
    const debug = await billing.call('GET', `/api/debug-subscription/${user.userId}`, { token: user.token });
    expect(debug.body).toMatchObject({ has_active_subscription: true, subscriptions: [{ status: 'trialing', current_period_end: row!.current_period_end }] });
    const detail = (await billing.call('GET', `/api/subscription-status?user_id=${user.userId}`, { token: user.token })).body as SubscriptionDetail;
    expect(detail).toMatchObject({ status: 'trialing', isActive: true, isPro: true, plan: 'monthly' });
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('%s is declined with card_declined (%s) and the user stays free', async (card, declineCode, message) => {
    const user = await billing.newUser();
    const { created, confirmed } = await billing.subscribe(user, card);
    expect(confirmed.status).toBe(402);
    expect(confirmed.body).toEqual({ error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message } });
    expect(await billing.subscriptions(user, created.position)).toEqual([expect.objectContaining({ status: 'incomplete' })]);
    expect(await billing.syncUser(user, created.position)).toMatchObject({ has_active_subscription: false });
  });

  it('after a declined card, another card on the same checkout starts the trial', async () => {
    const user = await billing.newUser();
    const first = await billing.subscribe(user, '4000000000000002');
    const again = await billing.createSubscription(user);
    expect(again.body.subscriptionId).toBe(first.created.subscriptionId);
    const confirmed = await billing.confirmCard(again.body.clientSecret, '4242424242424242');
    expect(confirmed.status).toBe(200);
    expect(await billing.subscriptions(user, confirmed.body.position)).toEqual([expect.objectContaining({ status: 'trialing' })]);
  });

  it('4000 0000 0000 0341 is saved and the trial starts (its charges fail later)', async () => {
    const user = await billing.newUser();
    const { confirmed } = await billing.subscribe(user, '4000000000000341');
    expect(confirmed.status).toBe(200);
    expect(await billing.syncUser(user, confirmed.body.position)).toMatchObject({ has_active_subscription: true });
  });

  it('refuses a malformed card the way Stripe does, before anything is saved', async () => {
    const user = await billing.newUser();
    const created = (await billing.createSubscription(user)).body;
    expect((await billing.confirmCard(created.clientSecret, '4242 4242 4242 4241')).body).toMatchObject({ error: { code: 'invalid_number' } });
    expect((await billing.confirmCard(created.clientSecret, '4242424242424242', '01/20')).body).toMatchObject({ error: { code: 'invalid_expiry_year_past' } });
    expect((await billing.confirmCard(created.clientSecret, '4242424242424242', '12/40', '1')).body).toMatchObject({ error: { code: 'incomplete_cvc' } });
  });
});

describe('promo codes and plans', () => {
  it('takes rocky17 in any casing, with spaces, for 17% off: $4.14 a month', async () => {
    const created = await billing.createSubscription(await billing.newUser(), 'monthly', '  rocky17 ');
    expect(created.body).toMatchObject({ amount: 414, promoApplied: true });
  });

  it('prices the yearly plan at $29.99', async () => {
    expect((await billing.createSubscription(await billing.newUser(), 'yearly')).body).toMatchObject({ amount: 2999, trial: true });
  });

  it('refuses an unknown promo code with 400 and writes nothing', async () => {
    const user = await billing.newUser();
    const created = await billing.createSubscription(user, 'monthly', 'ROCKY18');
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ error: 'The promo code ROCKY18 is not valid.' });
    expect(await billing.eventCount(`subscription-${user.userId}`)).toBe(0);
  });
});

describe('who may subscribe', () => {
  it('refuses a second subscription while Pro with 409', async () => {
    const user = await billing.newUser();
    await billing.subscribe(user, '4242424242424242');
    const again = await billing.createSubscription(user, 'yearly');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already have an active subscription/);
  });

  it('refuses to subscribe someone else (403) or without a session (401)', async () => {
    const user = await billing.newUser();
    const other = await billing.newUser();
    const body = { user_id: other.userId, email: other.email, plan_type: 'monthly' };
    expect((await billing.call('POST', '/api/create-subscription', { token: user.token, body })).status).toBe(403);
    expect((await billing.call('POST', '/api/create-subscription', { body })).status).toBe(401);
  });

  it("keeps each user's subscriptions to themselves, and lets support look", async () => {
    const user = await billing.newUser();
    const other = await billing.newUser();
    expect((await billing.call('GET', `/api/subscriptions?user_id=${other.userId}`, { token: user.token })).status).toBe(403);
    expect((await billing.call('GET', `/api/debug-subscription/${other.userId}`, { token: user.token })).status).toBe(403);
    const support = await issuer.token(crypto.randomUUID(), { app_metadata: { roles: ['support'] } });
    expect((await billing.call('GET', `/api/debug-subscription/${other.userId}`, { token: support })).status).toBe(200);
  });
});

describe('a Pro user', () => {
  it('generates a long joke with a premium comedian, which a free user may not', async () => {
    const user = await billing.newUser();
    const premium = catalogue.comedians.find((comedian) => comedian.tier === 'premium' && !comedian.makeMeLaugh)!.name;
    const ask = () => billing.call('POST', '/api/generate', { token: user.token, body: { comedian_style: premium, topic: 'gym memberships', length: 'long', user_id: user.userId } });
    expect((await ask()).status).toBe(403);
    await billing.subscribe(user, '4242424242424242');
    const joke = await ask();
    expect(joke.status).toBe(200);
    expect(joke.body).toMatchObject({ comedian_style: premium, length: 'long' });
  });
});

describe('the billing portal', () => {
  it('opens the local portal, where a cancellation keeps Pro until the trial ends', async () => {
    const user = await billing.newUser();
    await billing.subscribe(user, '4242424242424242');
    const portal = await billing.call('POST', '/api/billing-portal', { token: user.token, body: { user_id: user.userId } });
    expect(portal.status).toBe(200);
    const path = new URL((portal.body as { url: string }).url).pathname;
    expect(path).toMatch(/^\/api\/local-billing\/portal\/bps_/);
    const page = await billing.call('GET', path);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.body).toContain('Free trial');
    expect(page.body).toContain('Cancel subscription');

    const canceled = await billing.portalAction(path, 'cancel', user.token);
    expect(canceled.status).toBe(303);
    expect((await billing.call('GET', path)).body).toContain('Resume subscription');
    const rows = await eventually(async () => {
      const found = await billing.subscriptions(user);
      expect(found[0]?.cancel_at_period_end).toBe(true);
      return found;
    });
    expect(rows[0]).toMatchObject({ status: 'trialing' });
    expect(await billing.syncUser(user)).toMatchObject({ has_active_subscription: true });
  });

  it('switches the plan from the portal, which the subscription rows then show', async () => {
    const user = await billing.newUser();
    await billing.subscribe(user, '4242424242424242');
    const portal = (await billing.call('POST', '/api/billing-portal', { token: user.token, body: {} })).body as { url: string };
    const path = new URL(portal.url).pathname;
    expect((await billing.call('GET', path)).body).toContain('Switch to yearly');
    const switched = await billing.portalAction(path, 'change-plan', user.token, { plan: 'yearly' });
    expect(switched.status).toBe(303);
    await eventually(async () => expect(await billing.subscriptions(user)).toEqual([expect.objectContaining({ plan: 'yearly', status: 'trialing' })]));
    expect((await billing.timeline(user.userId)).timeline.at(-1)).toMatchObject({ type: 'PlanChanged', data: { fromPlan: 'monthly', toPlan: 'yearly', amount: 2999 } });
  });

  it('answers No Subscription Found (404) for a user who never subscribed', async () => {
    const user = await billing.newUser();
    const portal = await billing.call('POST', '/api/billing-portal', { token: user.token, body: {} });
    expect(portal.status).toBe(404);
    expect(portal.body).toMatchObject({ error: 'No Subscription Found' });
  });
});

describe('billing configuration', () => {
  it('tells the web to use the local card form, with the prices and test cards', async () => {
    const config = (await billing.call('GET', '/api/billing/config')).body as BillingConfig;
    expect(config).toMatchObject({ provider: 'local', publishableKey: null, trialDays: 3, plans: { monthly: { amount: 499 }, yearly: { amount: 2999 } } });
    expect(config.testCards.map((card) => card.number)).toContain('4242 4242 4242 4242');
  });

  it('lists no subscriptions for a user who has none', async () => {
    const user = await billing.newUser();
    expect(await billing.subscriptions(user)).toEqual([] as SubscriptionRow[]);
    expect(await billing.syncUser(user)).toMatchObject({ has_active_subscription: false, stripe_customer_id: null });
  });
});
