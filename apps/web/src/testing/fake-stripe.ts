import type { Stripe } from '@stripe/stripe-js';

type ConfirmResult = { error?: { message?: string } };

/**
 * Stripe.js as far as @stripe/react-stripe-js and the plan page use it: Elements
 * that mount a card element into the page, and the two confirmations, which
 * answer what the test says and record their calls.
 */
export class FakeStripe {
  readonly confirmations: { method: 'confirmCardSetup' | 'confirmCardPayment'; clientSecret: string; data: unknown }[] = [];
  result: ConfirmResult = {};
  /** False: the card element is missing, as when the form failed to mount. */
  cardMounted = true;
  /** True once react-stripe-js has mounted the card element into the page. */
  mounted = false;

  private readonly card = {
    mount: () => {
      this.mounted = true;
    },
    destroy: () => undefined,
    unmount: () => undefined,
    on: () => undefined,
    off: () => undefined,
    update: () => undefined,
    focus: () => undefined,
    blur: () => undefined,
    clear: () => undefined,
  };

  readonly stripe = {
    elements: () => ({
      create: () => this.card,
      getElement: () => (this.cardMounted ? this.card : null),
      update: () => undefined,
    }),
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardSetup: async (clientSecret: string, data: unknown) => {
      this.confirmations.push({ method: 'confirmCardSetup', clientSecret, data });
      return this.result;
    },
    confirmCardPayment: async (clientSecret: string, data: unknown) => {
      this.confirmations.push({ method: 'confirmCardPayment', clientSecret, data });
      return this.result;
    },
  } as unknown as Stripe;
}
