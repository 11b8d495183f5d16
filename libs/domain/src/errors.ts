/**
 * Every code a domain error carries, in one list: the APIs map each to an HTTP
 * status and body in one table (libs/server domain-error-responses.ts), and a
 * test there checks that none is missing. A new error adds its code here first.
 */
export const DOMAIN_ERROR_CODES = [
  // jokes
  'requires_premium',
  'unknown_comedian',
  'joke_exists',
  'invalid_joke',
  'joke_not_found',
  // users
  'age_confirmation_required',
  'user_already_exists',
  'user_not_found',
  'email_not_confirmed',
  'unknown_role',
  'account_deletion_already_requested',
  'account_deletion_not_requested',
  'erasure_not_due',
  'account_pending_deletion',
  // subscriptions
  'subscription_not_found',
  'subscription_mismatch',
  'already_subscribed',
  'trial_used',
  'subscription_ended',
  'invalid_subscription_transition',
  'invalid_promo_code',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/**
 * A rule of the business was broken. Each subclass carries a stable `code` so
 * the API layer can map it to an HTTP status in one place without matching on
 * message texts.
 */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
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

export class JokeNotFoundError extends DomainError {
  override readonly name = 'JokeNotFoundError';
  readonly code = 'joke_not_found';

  constructor(readonly jokeId: string) {
    super(`Joke ${jokeId} was not found`);
  }
}
