import { randomBytes } from 'node:crypto';
import type { PlanType } from '@jokes/domain';
import { localStripeUrl } from '@jokes/server';

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

/** The local provider's API key; like Stripe's, test-mode keys start with sk_test_. */
export const LOCAL_SECRET_KEY = 'sk_test_local';

export interface BillingConfig {
  /** DESIGN.md decision 8: the local provider unless STRIPE_SECRET_KEY is set. */
  provider: 'local' | 'stripe';
  secretKey: string;
  webhookSecret: string;
  /** Price ids by plan; unset, prices are found by lookup key (jokes_pro_monthly, jokes_pro_yearly). */
  priceIds: Partial<Record<PlanType, string>>;
  /** The origin users see: portal return links. */
  publicUrl: string;
  /**
   * Where the local provider's Stripe-compatible API answers (its own process,
   * DESIGN.md decision 14): LOCAL_STRIPE_URL, else 127.0.0.1:LOCAL_STRIPE_PORT.
   * Unused with Stripe.
   */
  localStripeUrl: URL;
}

export function billingConfigFromEnv(env: NodeJS.ProcessEnv): BillingConfig {
  const stripeKey = env.STRIPE_SECRET_KEY?.trim();
  const provider = stripeKey ? 'stripe' : 'local';
  if (provider === 'stripe' && !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: without it no webhook can be verified (see the README, Billing)');
  }
  return {
    provider,
    secretKey: stripeKey || LOCAL_SECRET_KEY,
    // npm start shares one secret between this process and the local provider.
    // Run alone, a fresh one per process: nobody can forge webhooks from a known default.
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || `whsec_local_${randomBytes(24).toString('hex')}`,
    priceIds: { monthly: env.STRIPE_PRICE_MONTHLY || undefined, yearly: env.STRIPE_PRICE_YEARLY || undefined },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, ''),
    localStripeUrl: localStripeUrl(env),
  };
}
