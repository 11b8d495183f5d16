import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import Stripe from 'stripe';
import { LOCAL_SECRET_KEY } from '../local-stripe.config.js';
import { LocalBillingClock } from './billing-clock.js';
import { LocalStripe } from './local-stripe.js';
import { StripeApi } from './stripe-api.server.js';
import { LocalStripeStore } from './store.js';

export const TEST_PUBLIC_URL = 'http://jokes.test';

/** The `stripe` SDK pointed at a local provider, as the product's billing adapter points it. */
export function stripeSdkAt(port: number): Stripe {
  return new Stripe(LOCAL_SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', telemetry: false, maxNetworkRetries: 0 });
}

/** The local provider's Stripe API on a fresh database, listening, with the real SDK pointed at it (no webhooks are sent). */
export async function startLocalProvider(): Promise<{
  db: TestDatabase;
  stripe: LocalStripe;
  clock: LocalBillingClock;
  port: number;
  sdk: Stripe;
  stop(): Promise<void>;
}> {
  const db = await createTestDatabase('localstripe');
  const store = new LocalStripeStore(db.pool);
  await store.migrate();
  const stripe = new LocalStripe(store, TEST_PUBLIC_URL);
  const api = new StripeApi(stripe, LOCAL_SECRET_KEY);
  const server = createServer((request, response) => void api.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    db,
    stripe,
    clock: new LocalBillingClock(stripe, 0),
    port,
    sdk: stripeSdkAt(port),
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.drop();
    },
  };
}

/**
 * A checkout as the product starts one through the SDK: a customer naming the
 * user, then a subscription that waits for a card (a trial's setup intent, or
 * the first invoice's payment intent).
 */
export async function startCheckout(sdk: Stripe, options: { userId: string; trialDays: number; promo?: string; plan?: 'monthly' | 'yearly' }) {
  const customer = await sdk.customers.create({ email: `${options.userId}@example.com`, metadata: { user_id: options.userId } });
  const [price] = (await sdk.prices.list({ lookup_keys: [`jokes_pro_${options.plan ?? 'monthly'}`], active: true, limit: 1 })).data;
  const [promotion] = options.promo ? (await sdk.promotionCodes.list({ code: options.promo, active: true, limit: 1 })).data : [];
  const subscription = await sdk.subscriptions.create({
    customer: customer.id,
    items: [{ price: price!.id }],
    ...(options.trialDays > 0 ? { trial_period_days: options.trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } } : {}),
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
    ...(promotion ? { discounts: [{ promotion_code: promotion.id }] } : {}),
    metadata: { user_id: options.userId, plan: options.plan ?? 'monthly' },
    expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
  });
  const setup = subscription.pending_setup_intent;
  const invoice = subscription.latest_invoice;
  const clientSecret = setup && typeof setup !== 'string' ? setup.client_secret : invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : null;
  if (!clientSecret) throw new Error('The checkout has no client secret');
  return { subscriptionId: subscription.id, customerId: customer.id, clientSecret };
}

/** The provider's queued webhook events, oldest first. */
export async function queuedEvents(provider: { db: TestDatabase }): Promise<{ type: string; object: Record<string, unknown>; request: { id: string | null } }[]> {
  const result = await provider.db.pool.query<{ payload: { type: string; data: { object: Record<string, unknown> }; request: { id: string | null } } }>(
    'SELECT payload FROM local_stripe.events ORDER BY seq',
  );
  return result.rows.map(({ payload }) => ({ type: payload.type, object: payload.data.object, request: payload.request }));
}
