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

/** A second deletion request while one is scheduled (409): the first one's date stands. */
export class AccountDeletionAlreadyRequestedError extends DomainError {
  override readonly name = 'AccountDeletionAlreadyRequestedError';
  readonly code = 'account_deletion_already_requested';

  constructor(readonly erasureDueAt: string) {
    super(`This account is already scheduled for deletion on ${erasureDueAt.slice(0, 10)}.`);
  }
}

/** Canceling or erasing an account whose deletion is not scheduled (409). */
export class AccountDeletionNotRequestedError extends DomainError {
  override readonly name = 'AccountDeletionNotRequestedError';
  readonly code = 'account_deletion_not_requested';

  constructor(readonly userId: string) {
    super('This account is not scheduled for deletion.');
  }
}

/** Erasing before the date the person was told (the job only runs due ones; this is the rule behind it). */
export class ErasureNotDueError extends DomainError {
  override readonly name = 'ErasureNotDueError';
  readonly code = 'erasure_not_due';

  constructor(readonly erasureDueAt: string) {
    super(`Erasure is not due before ${erasureDueAt}.`);
  }
}

/** No session is opened for an account scheduled for deletion: signing in offers to cancel the deletion instead. */
export class AccountPendingDeletionError extends DomainError {
  override readonly name = 'AccountPendingDeletionError';
  readonly code = 'account_pending_deletion';

  constructor(readonly erasureDueAt: string) {
    super(`This account is scheduled for deletion on ${erasureDueAt.slice(0, 10)}.`);
  }
}
