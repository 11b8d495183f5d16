import { DomainError } from '../errors.js';
import type { SubscriptionStatus } from './subscription.status.js';

export class SubscriptionNotFoundError extends DomainError {
  override readonly name = 'SubscriptionNotFoundError';
  readonly code = 'subscription_not_found';

  constructor(readonly userId: string) {
    super('No Subscription Found');
  }
}

/** A provider message about another subscription than the user's current one (an old or a foreign one). */
export class UnknownSubscriptionError extends DomainError {
  override readonly name = 'UnknownSubscriptionError';
  readonly code = 'subscription_mismatch';

  constructor(readonly subscriptionId: string, readonly currentSubscriptionId: string) {
    super(`Subscription ${subscriptionId} is not the current subscription (${currentSubscriptionId})`);
  }
}

export class AlreadySubscribedError extends DomainError {
  override readonly name = 'AlreadySubscribedError';
  readonly code = 'already_subscribed';

  constructor() {
    super('You already have an active subscription. Manage it from your account page.');
  }
}

/** One free trial per user, ever. */
export class TrialAlreadyUsedError extends DomainError {
  override readonly name = 'TrialAlreadyUsedError';
  readonly code = 'trial_used';

  constructor() {
    super('The free trial has already been used on this account.');
  }
}

export class SubscriptionEndedError extends DomainError {
  override readonly name = 'SubscriptionEndedError';
  readonly code = 'subscription_ended';

  constructor(readonly subscriptionId: string) {
    super('This subscription has ended. Subscribe again to get Pro back.');
  }
}

/** The command makes no sense in the subscription's current status. */
export class InvalidSubscriptionTransitionError extends DomainError {
  override readonly name = 'InvalidSubscriptionTransitionError';
  readonly code = 'invalid_subscription_transition';

  constructor(readonly command: string, readonly status: SubscriptionStatus) {
    super(`${command} is not possible while the subscription is ${status}`);
  }
}

/** The provider knows no active promotion by that code. */
export class InvalidPromoCodeError extends DomainError {
  override readonly name = 'InvalidPromoCodeError';
  readonly code = 'invalid_promo_code';

  constructor(readonly promoCode: string) {
    super(`The promo code ${promoCode} is not valid.`);
  }
}
