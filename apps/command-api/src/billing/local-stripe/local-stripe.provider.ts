import type { LocalStripeRuntime } from './local-stripe.runtime.js';

export const LOCAL_STRIPE = Symbol('LOCAL_STRIPE');

/** The local provider when it is in use; null runtime when Stripe is configured. */
export interface LocalStripeHolder {
  runtime: LocalStripeRuntime | null;
}
