import type { AreaErrors } from '../http/error.filter.js';
import { SpendLimitError } from './spend-limit.error.js';

/** A spent budget answers with when it frees: the web does not resend a command whose wait is this long. */
export const spendErrors: AreaErrors = {
  matchers: [
    (error) =>
      error instanceof SpendLimitError
        ? { status: error.status, body: { error: error.title, message: error.message }, retryAfterSeconds: error.retryAfterSeconds, log: null }
        : undefined,
  ],
};
