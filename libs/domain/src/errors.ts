/**
 * A rule of the business was broken. Each subclass carries a stable `code` so
 * the API layer can map it to an HTTP status in one place without matching on
 * message texts.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
}

/** The text the client shows in its 'Premium Feature' toast (SPEC section 8). */
export const PREMIUM_REQUIRED_MESSAGE = 'Upgrade to access premium comedians and joke lengths';

export class PremiumRequiredError extends DomainError {
  override readonly name = 'PremiumRequiredError';
  readonly code = 'requires_premium';

  constructor() {
    super(PREMIUM_REQUIRED_MESSAGE);
  }
}

export class UnknownComedianError extends DomainError {
  override readonly name = 'UnknownComedianError';
  readonly code = 'unknown_comedian';

  constructor(readonly comedianStyle: string) {
    super(`Unknown comedian style: ${comedianStyle}`);
  }
}

export class JokeAlreadyGeneratedError extends DomainError {
  override readonly name = 'JokeAlreadyGeneratedError';
  readonly code = 'joke_exists';

  constructor(readonly jokeId: string) {
    super(`Joke ${jokeId} has already been generated`);
  }
}

export class InvalidJokeError extends DomainError {
  override readonly name = 'InvalidJokeError';
  readonly code = 'invalid_joke';
}
