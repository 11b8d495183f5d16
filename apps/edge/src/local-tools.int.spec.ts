import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLOCK_ADVANCE_TOO_FAR, MAX_CLOCK_ADVANCE_SECONDS, type PublicConfig } from '@jokes/contracts';
import { networkInterfaces } from 'node:os';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient, billingEnv, DAY } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// The local payment provider and the development tools of the built product,
// safe by default: card confirmation and the portal's buttons act only for the
// signed-in owner, the billing clock moves in bounded steps, and the tools that
// reveal or move everyone's data answer this machine only.
let stack: RunningStack;
let billing: BillingClient;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  // Listening on every interface, so a request can come from this machine's network address.
  stack = await startStack({ env: { ...billingEnv(issuer), HOST: '0.0.0.0' } });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 30_000);

describe('confirming a card', () => {
  it('needs a session (401) and the checkout owner (403); the owner then confirms it', async () => {
    const owner = await billing.newUser();
    const other = await billing.newUser();
    const { body: checkout } = await billing.createSubscription(owner);

    const anonymous = await billing.confirmCard(checkout.clientSecret, '4242424242424242', '12/40', '123', null);
    expect(anonymous.status).toBe(401);
    const stranger = await billing.confirmCard(checkout.clientSecret, '4242424242424242', '12/40', '123', other.token);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ error: 'Forbidden', message: 'This checkout belongs to another account.' });
    expect(await billing.syncUser(owner)).toMatchObject({ has_active_subscription: false });

    const confirmed = await billing.confirmCard(checkout.clientSecret, '4242424242424242');
    expect(confirmed.status).toBe(200);
    expect(await billing.syncUser(owner, confirmed.body.position)).toMatchObject({ has_active_subscription: true });
  });
});

describe('the local billing portal', () => {
  it("acts only for the signed-in owner: 401 without a session, 403 for another user, and changes nothing", async () => {
    const owner = await billing.newUser();
    const other = await billing.newUser();
    await billing.subscribe(owner, '4242424242424242');
    const portal = await billing.openPortal(owner);

    const anonymous = await billing.portalAction(portal, 'cancel', null);
    expect(anonymous.status).toBe(401);
    const stranger = await billing.portalAction(portal, 'cancel', other.token);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ error: 'Forbidden', message: 'This billing portal belongs to another account.' });
    expect((await billing.call('GET', portal)).body).toContain('Cancel subscription');

    expect((await billing.portalAction(portal, 'cancel', owner.token)).status).toBe(303);
    expect((await billing.call('GET', portal)).body).toContain('Resume subscription');
  });

  it("is a page whose buttons send the token the web keeps in this origin's auth session", async () => {
    const owner = await billing.newUser();
    await billing.subscribe(owner, '4242424242424242');
    const page = (await billing.call('GET', await billing.openPortal(owner))).body as string;
    expect(page).toContain('localStorage.getItem("standup-jokes-auth")');
    expect(page).toContain("authorization: 'Bearer ' + token");
  });
});

describe('the billing clock', () => {
  it('refuses to move more than a year at once, by seconds or to a date, with a clear 400', async () => {
    const bySeconds = await billing.call('POST', '/api/local-billing/clock/advance', { body: { seconds: 10_000_000_000_000 } });
    expect(bySeconds.status).toBe(400);
    expect(bySeconds.body).toMatchObject({ message: `seconds: ${CLOCK_ADVANCE_TOO_FAR}` });
    const clock = (await billing.call('GET', '/api/local-billing/clock')).body as { now: string };
    const to = new Date(Date.parse(clock.now) + (MAX_CLOCK_ADVANCE_SECONDS + DAY) * 1000).toISOString();
    const byDate = await billing.call('POST', '/api/local-billing/clock/advance', { body: { to } });
    expect(byDate.status).toBe(400);
    expect(byDate.body).toEqual({ error: 'Invalid request', message: CLOCK_ADVANCE_TOO_FAR });
  });

  it('leaves billing working after the biggest advances it allows', async () => {
    const subscriber = await billing.newUser();
    await billing.subscribe(subscriber, '4242424242424242', 'yearly');
    for (let step = 0; step < 3; step++) await billing.advanceClock(MAX_CLOCK_ADVANCE_SECONDS);
    const clock = (await billing.call('GET', '/api/local-billing/clock')).body as { now: string; offsetSeconds: number };
    expect(clock.offsetSeconds).toBeGreaterThanOrEqual(3 * MAX_CLOCK_ADVANCE_SECONDS);
    const to = new Date(Date.parse(clock.now) + MAX_CLOCK_ADVANCE_SECONDS * 1000).toISOString();
    expect((await billing.call('POST', '/api/local-billing/clock/advance', { body: { to } })).status).toBe(200);

    const newcomer = await billing.newUser();
    const { created, confirmed } = await billing.subscribe(newcomer, '4242424242424242');
    expect(created).toMatchObject({ trial: true, clientSecret: expect.stringMatching(/^seti_/) });
    expect(confirmed.status).toBe(200);
    const [row] = await billing.subscriptions(newcomer, confirmed.body.position);
    expect(row).toMatchObject({ status: 'trialing' });
    expect(Date.parse(row!.current_period_end!)).toBeGreaterThan(Date.parse(clock.now));
    expect((await billing.subscriptions(subscriber)).map((subscription) => subscription.status)).toEqual(['active']);
  });
});

/** This machine's address on its network, if it has one: a request to it does not come from a loopback socket. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('the development tools, asked from this machine and from its network address', () => {
  const at = (host: string) => stack.baseUrl.replace('127.0.0.1', host);

  it('answer this machine, and the public config tells it of the mailbox', async () => {
    expect((await fetch(`${at('127.0.0.1')}/api/dev/mailbox`)).status).toBe(200);
    expect((await fetch(`${at('127.0.0.1')}/api/local-billing/clock`)).status).toBe(200);
    expect(((await (await fetch(`${at('127.0.0.1')}/api/config`)).json()) as PublicConfig).devMailbox).toBe(true);
  });

  // Without a network interface (a sandbox with loopback only) the in-process edge test covers this.
  (networkAddress ? it : it.skip)('refuse a request from the network (403), forged X-Forwarded-For or not, and the footer gets no mailbox link', async () => {
    const remote = at(networkAddress!);
    expect((await fetch(`${remote}/api/dev/mailbox`)).status).toBe(403);
    expect((await fetch(`${remote}/api/dev/mailbox`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(403);
    expect((await fetch(`${remote}/api/local-billing/clock`)).status).toBe(403);
    const advance = await fetch(`${remote}/api/local-billing/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"seconds":60}' });
    expect(advance.status).toBe(403);
    expect(((await (await fetch(`${remote}/api/config`)).json()) as PublicConfig).devMailbox).toBe(false);
    expect((await fetch(`${remote}/api/comedians`)).status).toBe(200);
  });
});
