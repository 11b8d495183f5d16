import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import { LOCAL_SECRET_KEY } from '../billing.config.js';
import { createStripeClient, StripeBillingGateway } from '../gateway/stripe-billing-gateway.js';
import { LocalBillingClock } from './billing-clock.js';
import { LocalStripe } from './local-stripe.js';
import { LocalStripeServer } from './server.js';
import { LocalStripeStore } from './store.js';

export const TEST_WEBHOOK_SECRET = 'whsec_test_local_provider';
export const TEST_PUBLIC_URL = 'http://jokes.test';

/** The local provider on a fresh database, its HTTP API listening, and the real SDK pointed at it. */
export async function startLocalProvider(): Promise<{
  db: TestDatabase;
  stripe: LocalStripe;
  clock: LocalBillingClock;
  port: number;
  gateway: StripeBillingGateway;
  sdk: ReturnType<typeof createStripeClient>;
  stop(): Promise<void>;
}> {
  const db = await createTestDatabase('localstripe');
  const store = new LocalStripeStore(db.pool);
  await store.migrate();
  const stripe = new LocalStripe(store, TEST_PUBLIC_URL);
  const server = new LocalStripeServer(stripe, LOCAL_SECRET_KEY);
  const port = await server.listen();
  const config = { provider: 'local' as const, secretKey: LOCAL_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET, priceIds: {} };
  const sdk = createStripeClient({ ...config, publicUrl: TEST_PUBLIC_URL, clockIntervalMs: 0, localStripePort: 0, webhookUrl: '' }, port);
  return {
    db,
    stripe,
    clock: new LocalBillingClock(stripe, 0),
    port,
    gateway: new StripeBillingGateway(sdk, config),
    sdk,
    async stop() {
      await server.close();
      await db.drop();
    },
  };
}

/** The provider's queued webhook events, oldest first. */
export async function queuedEvents(provider: { db: TestDatabase }): Promise<{ type: string; object: Record<string, unknown>; request: { id: string | null } }[]> {
  const result = await provider.db.pool.query<{ payload: { type: string; data: { object: Record<string, unknown> }; request: { id: string | null } } }>(
    'SELECT payload FROM local_stripe.events ORDER BY seq',
  );
  return result.rows.map(({ payload }) => ({ type: payload.type, object: payload.data.object, request: payload.request }));
}
