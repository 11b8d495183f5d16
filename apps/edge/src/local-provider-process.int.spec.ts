import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { freePort } from '../../../tools/postgres.ts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient, billingEnv, eventually } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// The local payment provider is an outside system in a process of its own
// (DESIGN.md decision 14): the supervisor runs it beside the product, the
// product reaches it over HTTP only, and it can die and come back without the
// command API noticing more than a provider that was briefly unreachable.
let stack: RunningStack;
let billing: BillingClient;
/** The provider's own port: its card form answers there while the product is stopped. */
let provider: BillingClient;
let db: pg.Client;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  const providerPort = await freePort();
  stack = await startStack({ env: { ...billingEnv(issuer), LOCAL_STRIPE_PORT: String(providerPort) } });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
  provider = new BillingClient(`http://127.0.0.1:${providerPort}`, stack.databaseUrl, issuer);
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
}, 120_000);
afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await issuer.stop();
}, 30_000);

/** The pid the supervisor last started a service with (it says so on each start). */
function pidOf(service: string): number {
  const started = [...stack.output().matchAll(new RegExp(`\\[start\\] ${service} started \\(pid (\\d+)\\)`, 'g'))];
  if (started.length === 0) throw new Error(`${service} was not started:\n${stack.output().slice(-2000)}`);
  return Number(started.at(-1)![1]);
}

const undelivered = async (type?: string) =>
  Number(
    (await db.query<{ count: string }>('SELECT count(*) AS count FROM local_stripe.events WHERE delivered_at IS NULL AND ($1::text IS NULL OR type = $1)', [type ?? null]))
      .rows[0]!.count,
  );

describe('the local payment provider, a process of its own', () => {
  it('starts on the first call that needs it, not with the product, and is no part of its health', async () => {
    const health = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { services: Record<string, string> };
    expect(health.services['local-stripe']).toBeUndefined();
    expect(stack.output()).not.toContain('local-stripe started');
    // The provider's billing clock, through the product's origin (a development tool: asked from this machine).
    const clock = await fetch(`${stack.baseUrl}/api/local-billing/clock`);
    expect(clock.status).toBe(200);
    expect(stack.output()).toContain('local-stripe started');
  });

  it('is killed and restarted without the product restarting, and delivers from its outbox the webhooks it had not', async () => {
    const user = await billing.newUser();
    const checkout = await billing.createSubscription(user);
    expect(checkout.status).toBe(200);
    const product = pidOf('product');
    const providerPid = pidOf('local-stripe');

    // The product stops answering, so the provider's delivery of the card's confirmation (sent to the
    // provider itself, as the card form's request would pass the product's edge) hangs...
    process.kill(product, 'SIGSTOP');
    try {
      const confirming = provider.confirmCard(checkout.body.clientSecret, '4242424242424242', '12/40', '123', user.token).catch((error: unknown) => error);
      await eventually(async () => expect(await undelivered('setup_intent.succeeded')).toBe(1), 30_000);
      // ...and the provider dies with the confirmation committed but not delivered.
      process.kill(providerPid, 'SIGKILL');
      await confirming;
    } finally {
      process.kill(product, 'SIGCONT');
    }

    // The supervisor starts it again; its outbox delivers what waited, and the user is Pro.
    await eventually(async () => expect(await billing.syncUser(user)).toMatchObject({ has_active_subscription: true }), 60_000);
    await eventually(async () => expect(await undelivered()).toBe(0), 30_000);
    expect(stack.output()).toContain('local-stripe exited (SIGKILL)');
    expect(pidOf('local-stripe')).not.toBe(providerPid);
    expect(stack.output()).not.toContain('product exited');
    expect(pidOf('product')).toBe(product);
  }, 180_000);
});
