import { DEFAULT_PORTS, intFromEnv, requireEnv } from '@jokes/server';

/** Its API key; like Stripe's, test-mode keys start with sk_test_. The product's billing config sends the same one. */
export const LOCAL_SECRET_KEY = 'sk_test_local';

export interface LocalStripeConfig {
  databaseUrl: string;
  /** Its port on 127.0.0.1: Stripe's API (`/v1`, for the SDK) and the pages Stripe hosts (`/api/local-billing`, through the edge). */
  port: number;
  /** The interface it listens on: 127.0.0.1, as under npm start, unless HOST opens it (a container reached by the gateway and the write side). */
  host: string;
  secretKey: string;
  /** The webhook endpoint's signing secret, shared with the product as a Stripe account and its endpoint share one. */
  webhookSecret: string;
  /** Where its webhooks go: the product's webhook route, over HTTP, as Stripe delivers them. */
  webhookUrl: string;
  /** The origin users see: the billing portal's links point there. */
  publicUrl: string;
  /** How often the billing clock runs what came due as real time passed (0 = only when advanced). */
  clockIntervalMs: number;
}

export function localStripeConfigFromEnv(env: NodeJS.ProcessEnv): LocalStripeConfig {
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!webhookSecret) {
    // Without the product's secret no delivery would verify: every webhook would wait in the outbox forever.
    throw new Error('STRIPE_WEBHOOK_SECRET is not set: the local payment provider signs its webhooks with the secret the command API verifies (npm start shares one)');
  }
  return {
    databaseUrl: requireEnv(env, 'DATABASE_URL'),
    port: intFromEnv(env, 'LOCAL_STRIPE_PORT', DEFAULT_PORTS.localStripe),
    host: env.HOST || '127.0.0.1',
    secretKey: LOCAL_SECRET_KEY,
    webhookSecret,
    webhookUrl: env.LOCAL_STRIPE_WEBHOOK_URL || `http://127.0.0.1:${intFromEnv(env, 'COMMAND_API_PORT', DEFAULT_PORTS.commandApi)}/api/stripe/webhook`,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? DEFAULT_PORTS.edge}`).replace(/\/$/, ''),
    clockIntervalMs: intFromEnv(env, 'BILLING_CLOCK_INTERVAL_MS', 60_000),
  };
}
