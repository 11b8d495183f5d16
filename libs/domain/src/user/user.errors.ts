import { DomainError } from '../errors.js';

/** SPEC section 1: users must be 18 or older, and say so when they sign up. */
export const AGE_CONFIRMATION_MESSAGE = 'You must confirm that you are 18 or older to sign up.';

export class AgeConfirmationRequiredError extends DomainError {
  override readonly name = 'AgeConfirmationRequiredError';
  readonly code = 'age_confirmation_required';

  constructor() {
    super(AGE_CONFIRMATION_MESSAGE);
  }
}

export class UserAlreadyRegisteredError extends DomainError {
  override readonly name = 'UserAlreadyRegisteredError';
  readonly code = 'user_already_exists';

  constructor(readonly userId: string) {
    super(`User ${userId} is already registered`);
  }
}

export class UserNotFoundError extends DomainError {
  override readonly name = 'UserNotFoundError';
  readonly code = 'user_not_found';

  constructor(readonly userId: string) {
    super(`User ${userId} is not registered`);
  }
}

/** No session is granted to an address nobody has proven to own. */
export class EmailNotConfirmedError extends DomainError {
  override readonly name = 'EmailNotConfirmedError';
  readonly code = 'email_not_confirmed';

  constructor() {
    super('Email not confirmed');
  }
}

/** The text of SPEC section 8's 'Premium Feature' toast for narration and the voice preference. */
export const VOICE_PREMIUM_MESSAGE = 'Voice narration is available for premium subscribers only';

/** Narration and the saved voice are Pro features (SPEC section 6): the same 403 as a premium comedian, in words about voices. */
export class VoiceRequiresPremiumError extends DomainError {
  override readonly name = 'VoiceRequiresPremiumError';
  readonly code = 'requires_premium';

  constructor() {
    super(VOICE_PREMIUM_MESSAGE);
  }
}
