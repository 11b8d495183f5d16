import type { ToastOptions } from '../toast/toast.reducer';
import { isApiError } from './http-error';

/**
 * A command the server's rate limits refused (429): the seconds its
 * Retry-After names, else undefined. Never sent again by itself
 * (idempotency.ts retries only lost answers and brief outages): the user waits.
 */
export function rateLimitedFor(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 429) return undefined;
  // Another 429 (the daily narration quota) names itself and says when in its own words.
  const named = typeof error.body === 'object' && error.body !== null ? (error.body as { error?: unknown }).error : undefined;
  if (typeof named === 'string' && named !== RATE_LIMITED_ERROR) return undefined;
  // Without a readable Retry-After, the smallest wait that is still a wait.
  return error.retryAfterSeconds ?? 1;
}

/** The `error` of the rate limits' 429 body. */
export const RATE_LIMITED_ERROR = 'Too Many Requests';

/** What every command's 429 says (the server's own words, with its Retry-After). */
export const slowDownToast = (seconds: number): ToastOptions => ({
  title: 'Slow down',
  description: `You're faster than our writers. Try again in ${seconds} seconds.`,
});
