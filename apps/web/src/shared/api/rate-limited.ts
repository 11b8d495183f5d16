import type { ToastOptions } from '../toast/toast.reducer';
import { isApiError } from './http-error';

/**
 * A command the server's rate limits refused (429): the seconds its
 * Retry-After names, else undefined. Never sent again by itself
 * (idempotency.ts retries only lost answers and brief outages): the user waits.
 */
export function rateLimitedFor(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 429) return undefined;
  // Without a readable Retry-After, the smallest wait that is still a wait.
  return error.retryAfterSeconds ?? 1;
}

/** What every command's 429 says (the server's own words, with its Retry-After). */
export const slowDownToast = (seconds: number): ToastOptions => ({
  title: 'Slow down',
  description: `You're faster than our writers. Try again in ${seconds} seconds.`,
});
