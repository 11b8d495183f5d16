import type { Stripe } from '@stripe/stripe-js';

/**
 * Loads Stripe.js (from js.stripe.com) when the plan page needs it, never at
 * start-up: `pure` adds the script only when called. An object, so unit tests
 * can hand the page a fake Stripe instead of the network.
 */
export const stripeLoader = {
  load: async (publishableKey: string): Promise<Stripe | null> => {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    return loadStripe(publishableKey);
  },
};
