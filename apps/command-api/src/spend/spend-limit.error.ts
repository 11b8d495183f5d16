/** What a paid provider is asked for: a budget each, per hour. */
export type SpendResource = 'model-calls' | 'narration-characters';

/**
 * A request refused because a budget is spent: the status, when to come back
 * and the words the web shows (`{ error, message }`). The error filter answers
 * it with a Retry-After header.
 */
export abstract class SpendLimitError extends Error {
  abstract readonly status: 429 | 503;
  abstract readonly title: string;

  constructor(
    message: string,
    /** Whole seconds until the window that refused ends, at least 1. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** 503: everyone together spent the hour's budget (or free callers their share of it). */
export class SpendCeilingReachedError extends SpendLimitError {
  override readonly name = 'SpendCeilingReachedError';
  readonly status = 503;
  readonly title: string;

  constructor(
    readonly resource: SpendResource,
    retryAfterSeconds: number,
  ) {
    const wait = waitInWords(retryAfterSeconds);
    super(
      resource === 'model-calls'
        ? `Too many people are laughing right now. Try again in ${wait}.`
        : `Too many jokes are being read aloud right now. Try again in ${wait}.`,
      retryAfterSeconds,
    );
    this.title = resource === 'model-calls' ? 'Our writers are busy' : 'Our narrators are busy';
  }
}

/** 429: one account's narration for the day is used up. */
export class NarrationQuotaExceededError extends SpendLimitError {
  override readonly name = 'NarrationQuotaExceededError';
  readonly status = 429;
  readonly title = 'Daily narration limit reached';

  constructor(characters: number, retryAfterSeconds: number) {
    super(`You have had ${characters.toLocaleString('en-US')} characters read aloud today, the daily limit. It resets in ${waitInWords(retryAfterSeconds)}.`, retryAfterSeconds);
  }
}

/** '1 minute', '37 minutes', '5 hours': rounded up, so the wait is never shorter than said. */
export function waitInWords(seconds: number): string {
  const [count, unit] = seconds <= 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
