import { requiresPremiumBody } from '@jokes/contracts';
import { isApiError } from '../../../shared/api/http-error';
import { rateLimitedFor } from '../../../shared/api/rate-limited';

/** How a failed generate is shown (SPEC 8 'Generate'). */
export type GenerateFailure =
  | { kind: 'premium-required' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'failed' };

export const FORBIDDEN_FALLBACK_MESSAGE = "You don't have access to this feature";

function messageIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
}

export function classifyGenerateFailure(error: unknown): GenerateFailure {
  const retryAfterSeconds = rateLimitedFor(error);
  if (retryAfterSeconds !== undefined) return { kind: 'rate-limited', retryAfterSeconds };
  if (!isApiError(error) || error.status !== 403) return { kind: 'failed' };
  if (requiresPremiumBody.safeParse(error.body).success) return { kind: 'premium-required' };
  return { kind: 'forbidden', message: messageIn(error.body) ?? FORBIDDEN_FALLBACK_MESSAGE };
}
