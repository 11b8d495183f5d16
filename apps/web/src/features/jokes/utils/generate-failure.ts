import { contentRefusedBody, requiresPremiumBody } from '@jokes/contracts';
import { isApiError } from '../../../shared/api/http-error';
import { rateLimitedFor } from '../../../shared/api/rate-limited';

/** How a failed generate is shown (SPEC 8 'Generate'). */
export type GenerateFailure =
  | { kind: 'premium-required' }
  | { kind: 'forbidden'; message: string }
  /** 429 or 503 that says why and when (the spend ceiling, a rate limit): its own words, e.g. 'Our writers are busy'. */
  | { kind: 'busy'; title: string; message: string }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** 422: the moderator refused the topic or the joke; the server's own words, which never repeat the topic. */
  | { kind: 'refused'; title: string; message: string }
  | { kind: 'failed' };

export const FORBIDDEN_FALLBACK_MESSAGE = "You don't have access to this feature";
/** SPEC 8's generic words, which a failed writer also answers with. */
export const GENERATE_FAILED = { title: 'Error', description: 'Failed to generate joke' } as const;

function textIn(body: unknown, field: 'error' | 'message'): string | undefined {
  if (typeof body !== 'object' || body === null || !(field in body)) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

const messageIn = (body: unknown) => textIn(body, 'message');

export function classifyGenerateFailure(error: unknown): GenerateFailure {
  const retryAfterSeconds = rateLimitedFor(error);
  if (retryAfterSeconds !== undefined) return { kind: 'rate-limited', retryAfterSeconds };
  if (isApiError(error) && (error.status === 429 || error.status === 503)) {
    const [title, message] = [textIn(error.body, 'error'), messageIn(error.body)];
    if (title && message && message !== GENERATE_FAILED.description) return { kind: 'busy', title, message };
  }
  if (isApiError(error) && error.status === 422) {
    const refused = contentRefusedBody.safeParse(error.body);
    if (refused.success) return { kind: 'refused', title: refused.data.error, message: refused.data.message };
  }
  if (!isApiError(error) || error.status !== 403) return { kind: 'failed' };
  if (requiresPremiumBody.safeParse(error.body).success) return { kind: 'premium-required' };
  return { kind: 'forbidden', message: messageIn(error.body) ?? FORBIDDEN_FALLBACK_MESSAGE };
}
