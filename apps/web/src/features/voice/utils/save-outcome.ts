import { isApiError } from '../../../shared/api/http-error';
import { isProSubscriber } from '../../../shared/subscription/subscription-rules';

/**
 * How a save ended, as SPEC 8 words it: saved; kept on this device only
 * ('Partial success'); or not saved ('Error saving preference').
 */
export type SaveFailure = { kind: 'kept-on-device' } | { kind: 'not-saved'; reason: string };

export const NOT_SAVED_FALLBACK = 'Your voice could not be saved. Please try again.';

function serverReason(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, error } = body as Record<string, unknown>;
  if (typeof message === 'string' && message.trim() !== '') return message;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}

/**
 * The server refused the choice itself (a 4xx: an unknown voice, no Pro): the
 * device must not keep a voice the server said no to. Anything else (no
 * answer, a 5xx) leaves the choice valid, so this browser keeps it.
 */
export function isRefusal(error: unknown): boolean {
  return isApiError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}

export function saveFailure(error: unknown, keptOnDevice: boolean): SaveFailure {
  if (isRefusal(error)) return { kind: 'not-saved', reason: (isApiError(error) && serverReason(error.body)) || NOT_SAVED_FALLBACK };
  return keptOnDevice ? { kind: 'kept-on-device' } : { kind: 'not-saved', reason: NOT_SAVED_FALLBACK };
}

/** SPEC 8: a saved user whose subscription reads differently from ours reloads the page. */
export function subscriptionChanged(before: unknown, after: unknown): boolean {
  return isProSubscriber({ syncFlag: before }) !== isProSubscriber({ syncFlag: after });
}
