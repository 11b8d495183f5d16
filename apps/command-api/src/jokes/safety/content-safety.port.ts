import type { SafetyCategory } from '@jokes/domain';

/**
 * A moderator's answer. A refusal names one category and nothing else: the
 * text it judged is never echoed back, so a verdict can be logged or put on an
 * event without carrying what a visitor typed.
 */
export type SafetyVerdict = { readonly allowed: true } | { readonly allowed: false; readonly category: SafetyCategory };

export const ALLOWED: SafetyVerdict = Object.freeze({ allowed: true });

export const refused = (category: SafetyCategory): SafetyVerdict => ({ allowed: false, category });

/**
 * Judges what goes into the joke writer (the topic a stranger typed) and what
 * comes out of it (the joke), against the closed list in SAFETY_CATEGORIES.
 * An abstract class rather than an interface so that NestJS can use it as the
 * injection token, as JokeWriter is.
 */
export abstract class ContentSafety {
  /** Recorded beside a refusal, e.g. 'offline' or 'openai:omni-moderation-latest'. */
  abstract readonly moderatorName: string;

  /** Rejects only with ContentSafetyError. */
  abstract checkTopic(topic: string, signal?: AbortSignal): Promise<SafetyVerdict>;

  /** Rejects only with ContentSafetyError. */
  abstract checkJoke(joke: string, signal?: AbortSignal): Promise<SafetyVerdict>;
}

/**
 * The moderator could not judge (its provider failed). Callers fail closed:
 * nothing unjudged is written or shown.
 */
export class ContentSafetyError extends Error {
  override readonly name = 'ContentSafetyError';
  /** Trying again later may succeed (timeouts, rate limits, 5xx), so the API answers 503 rather than 502. */
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
  }
}
