import type { AreaErrors } from '../http/error.filter.js';
import { BillingProviderError } from './gateway/billing-gateway.js';

/** A payment provider's failure, whichever route met it: the page's own text, and nothing was charged. */
export const billingErrors: AreaErrors = {
  matchers: [
    (error) =>
      error instanceof BillingProviderError
        ? {
            status: 502,
            body: { error: error.userMessage, message: 'The payment provider did not answer. Nothing was charged; please try again.' },
            log: ['error', 'billing provider failed', { operation: error.operation, error: error.message }],
          }
        : undefined,
  ],
};
