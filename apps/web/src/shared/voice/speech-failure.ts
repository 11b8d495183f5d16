import { requiresPremiumBody } from '@jokes/contracts';
import { isApiError } from '../api/http-error';
import { rateLimitedFor } from '../api/rate-limited';

/** A failure this app words itself (SPEC 8): the HEAD check's status, a refused play(). */
export class PlaybackError extends Error {
  override readonly name = 'PlaybackError';
}

/** Why a playback ended early; each screen words it itself (SPEC 8 'Rating and voice'). */
export type SpeechFailure =
  /** 403 requiresPremium: the subscription prompt's business. */
  | { kind: 'premium-required' }
  /** No speech, no reachable file, or the browser refused to play: with the reason, when there is one. */
  | { kind: 'speech-failed'; reason: string | undefined }
  /** The audio element reported an error while loading or playing the file. */
  | { kind: 'audio-error' }
  /** 429: the rate limits refused the narration; Retry-After in seconds. */
  | { kind: 'rate-limited'; retryAfterSeconds: number };

function textField(body: unknown, field: 'error' | 'message'): string | undefined {
  if (typeof body !== 'object' || body === null || !(field in body)) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A failed text-to-speech call, HEAD check or play() as the user is told about it. */
export function classifySpeechFailure(error: unknown): SpeechFailure {
  const retryAfterSeconds = rateLimitedFor(error);
  if (retryAfterSeconds !== undefined) return { kind: 'rate-limited', retryAfterSeconds };
  if (isApiError(error)) {
    if (error.status === 403 && requiresPremiumBody.safeParse(error.body).success) return { kind: 'premium-required' };
    // A quota (429) or the spend ceiling (503) says when in its message, a refused or withdrawn text (422, 410) why: that is the part worth reading.
    if (error.status === 410 || error.status === 422 || error.status === 429 || error.status === 503) {
      const message = textField(error.body, 'message');
      if (message) return { kind: 'speech-failed', reason: message };
    }
    // SPEC 8: the server's error, else its message.
    return { kind: 'speech-failed', reason: textField(error.body, 'error') ?? textField(error.body, 'message') };
  }
  // A network failure's own words ('Failed to fetch') mean nothing to a listener: the fallback says it better.
  return { kind: 'speech-failed', reason: error instanceof PlaybackError ? error.message : undefined };
}
