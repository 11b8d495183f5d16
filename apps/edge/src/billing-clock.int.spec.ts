import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Catalogue, SubscriptionDetail } from '@jokes/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient, billingEnv, DAY } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// The local provider's billing clock, moved forward like a Stripe test clock:
// trials end, renewals fail and are retried, cancellations come due. Each step
// reaches the product as a signed webhook and shows in the support timeline.
let stack: RunningStack;
let billing: BillingClient;
let premium: string;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: billingEnv(issuer) });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
  premium = ((await billing.call('GET', '/api/comedians')).body as Catalogue).comedians.find((c) => c.tier === 'premium' && !c.makeMeLaugh)!.name;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 30_000);

const steps = async (userId: string) => (await billing.timeline(userId)).timeline.map(({ type, status_after, cause }) => [type, status_after, cause.actor]);
const detail = async (user: { userId: string; token: string }, position?: string | null) =>
  (await billing.call('GET', `/api/subscription-status?user_id=${user.userId}`, { token: user.token, headers: position ? { 'x-consistent-position': position } : {} })).body as SubscriptionDetail;
const canGenerateLong = async (user: { userId: string; token: string }) =>
  (await billing.call('POST', '/api/generate', { token: user.token, body: { comedian_style: premium, topic: 'mondays', length: 'long' } })).status;

describe('the billing clock', () => {
  it('converts a trial to active at its end, with the promo price, and renews a month later', async () => {
    const user = await billing.newUser();
    await billing.subscribe(user, '4242424242424242', 'monthly', 'ROCKY17');
    const converted = await billing.advanceClock(3 * DAY + 60);
    expect(converted.processed).toBeGreaterThan(0);
    const [row] = await billing.subscriptions(user, converted.position);
    expect(row).toMatchObject({ status: 'active' });
    expect((new Date(row!.current_period_end!).getTime() - new Date(converted.now).getTime()) / 1000 / DAY).toBeGreaterThan(27);

    await billing.advanceClock(31 * DAY);
    const history = await billing.timeline(user.userId);
    expect(history.timeline.map(({ type, status_after, cause }) => [type, status_after, cause.actor])).toEqual([
      ['CheckoutStarted', 'incomplete', user.userId],
      ['TrialStarted', 'trialing', 'billing-provider'],
      ['SubscriptionActivated', 'active', 'billing-clock'],
      ['SubscriptionRenewed', 'active', 'billing-clock'],
    ]);
    expect(history.timeline[2]).toMatchObject({ summary: expect.stringContaining('Paid $4.14: trial converted'), cause: { webhook_event_id: expect.stringMatching(/^evt_/), webhook_event_type: 'invoice.paid' } });
    expect(history.timeline[0]?.cause.correlation_id).toEqual(expect.any(String));
  });

  it('puts a failed renewal past due (still Pro, not active for the account page), then cancels after the retries', async () => {
    const user = await billing.newUser();
    await billing.subscribe(user, '4000000000000341');
    const failed = await billing.advanceClock(3 * DAY + 60);
    expect(await detail(user, failed.position)).toMatchObject({ status: 'past_due', isPro: true, isActive: false });
    expect(await billing.syncUser(user, failed.position)).toMatchObject({ has_active_subscription: true });

    const ended = await billing.advanceClock(10 * DAY);
    expect(await detail(user, ended.position)).toMatchObject({ status: 'canceled', isPro: false });
    expect(await billing.syncUser(user, ended.position)).toMatchObject({ has_active_subscription: false });
    expect(await steps(user.userId)).toEqual([
      ['CheckoutStarted', 'incomplete', user.userId],
      ['TrialStarted', 'trialing', 'billing-provider'],
      ['PaymentFailed', 'past_due', 'billing-clock'],
      ['PaymentFailed', 'past_due', 'billing-clock'],
      ['PaymentFailed', 'past_due', 'billing-clock'],
      ['PaymentFailed', 'past_due', 'billing-clock'],
      ['SubscriptionEnded', 'canceled', 'billing-clock'],
    ]);
    const last = (await billing.timeline(user.userId)).timeline.at(-1)!;
    expect(last).toMatchObject({ data: { reason: 'payment_failed', previousStatus: 'past_due' }, summary: 'Subscription ended: all payment attempts failed' });
  });

  it('keeps Pro after a cancellation until the period ends, then ends it', async () => {
    const user = await billing.newUser();
    await billing.subscribe(user, '4242424242424242');
    await billing.advanceClock(3 * DAY + 60);
    expect((await billing.portalAction(await billing.openPortal(user), 'cancel', user.token)).status).toBe(303);
    const timeline = await billing.timeline(user.userId);
    expect(timeline.timeline.at(-1)).toMatchObject({ type: 'CancellationScheduled', status_after: 'active', cause: { actor: 'billing-provider' } });
    expect(await canGenerateLong(user)).toBe(200);

    await billing.advanceClock(20 * DAY);
    expect(await canGenerateLong(user)).toBe(200);
    const ended = await billing.advanceClock(15 * DAY);
    expect(await detail(user, ended.position)).toMatchObject({ status: 'canceled', isPro: false });
    expect(await canGenerateLong(user)).toBe(403);
    expect((await steps(user.userId)).at(-1)).toEqual(['SubscriptionEnded', 'canceled', 'billing-clock']);
  });

  it('gives a returning subscriber no second trial: the first payment is taken at once', async () => {
    const user = await billing.newUser();
    await billing.subscribe(user, '4242424242424242');
    expect((await billing.portalAction(await billing.openPortal(user), 'cancel', user.token)).status).toBe(303);
    await billing.advanceClock(3 * DAY + 60);

    const again = await billing.createSubscription(user, 'yearly');
    expect(again.body).toMatchObject({ trial: false, intentType: 'payment', clientSecret: expect.stringMatching(/^pi_/), amount: 2999 });
    const paid = await billing.confirmCard(again.body.clientSecret, '4242424242424242');
    expect(paid.body).toMatchObject({ intentType: 'payment' });
    expect(await detail(user, paid.body.position)).toMatchObject({ status: 'active', plan: 'yearly' });
    const rows = await billing.subscriptions(user, paid.body.position);
    expect(rows.map((row) => row.status).sort()).toEqual(['active', 'canceled']);
    expect((await steps(user.userId)).slice(-2)).toEqual([
      ['CheckoutStarted', 'incomplete', user.userId],
      ['SubscriptionActivated', 'active', 'billing-provider'],
    ]);
  });

  it('shows trials started, converted and canceled to analysts only', async () => {
    const analyst = await issuer.token(crypto.randomUUID(), { app_metadata: { roles: ['analyst'] } });
    const figures = await billing.call('GET', '/api/analytics/trial-conversions', { token: analyst });
    expect(figures.status).toBe(200);
    const days = (figures.body as { days: { trials_started: number; trials_converted: number; trials_canceled: number }[] }).days;
    const total = (key: 'trials_started' | 'trials_converted' | 'trials_canceled') => days.reduce((sum, day) => sum + day[key], 0);
    expect(total('trials_started')).toBeGreaterThanOrEqual(4);
    expect(total('trials_converted')).toBeGreaterThanOrEqual(2);
    expect(total('trials_canceled')).toBeGreaterThanOrEqual(1);
    expect((await billing.call('GET', '/api/analytics/trial-conversions', { token: (await billing.newUser()).token })).status).toBe(403);
  });
});
