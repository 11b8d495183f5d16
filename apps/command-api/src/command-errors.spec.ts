import { describe, expect, it } from '@jest/globals';
import {
  DOMAIN_ERROR_CODES,
  InvalidPromoCodeError,
  JokeAlreadyGeneratedError,
  PremiumRequiredError,
  SubscriptionNotFoundError,
  TrialAlreadyUsedError,
  UnknownComedianError,
} from '@jokes/domain';
import { WrongExpectedVersionError } from '@jokes/event-store';
import { DOMAIN_ERROR_RESPONSES } from '@jokes/server';
import { BillingProviderError } from './billing/gateway/billing-gateway.js';
import { describeCommandError } from './command-errors.js';

describe('the table from domain error codes to HTTP answers', () => {
  it('has a row for every domain error code', () => {
    expect(DOMAIN_ERROR_CODES.filter((code) => !Object.hasOwn(DOMAIN_ERROR_RESPONSES, code))).toEqual([]);
  });

  it('has no row for a code the domain does not have', () => {
    const codes: readonly string[] = DOMAIN_ERROR_CODES;
    expect(Object.keys(DOMAIN_ERROR_RESPONSES).filter((code) => !codes.includes(code))).toEqual([]);
  });
});

describe('describeCommandError', () => {
  it("answers a premium refusal with the SPEC's 403 body, which opens the upgrade prompt", () => {
    expect(describeCommandError(new PremiumRequiredError())).toEqual([
      403,
      { error: 'Premium Feature', message: 'Upgrade to access premium comedians and joke lengths', requiresPremium: true },
    ]);
  });

  it('answers joke errors as { error: code, message }', () => {
    expect(describeCommandError(new UnknownComedianError('Nobody'))).toEqual([400, { error: 'unknown_comedian', message: 'Unknown comedian style: Nobody' }]);
    expect(describeCommandError(new JokeAlreadyGeneratedError('j-1'))).toEqual([409, { error: 'joke_exists', message: 'Joke j-1 has already been generated' }]);
  });

  it('answers billing errors with the text the subscribe and account pages show, and the code', () => {
    expect(describeCommandError(new SubscriptionNotFoundError('u-1'))).toEqual([404, { error: 'No Subscription Found', code: 'subscription_not_found', message: 'No Subscription Found' }]);
    const trialUsed = new TrialAlreadyUsedError();
    expect(describeCommandError(trialUsed)).toEqual([409, { error: trialUsed.message, code: 'trial_used', message: trialUsed.message }]);
    expect(describeCommandError(new InvalidPromoCodeError('NOPE'))).toMatchObject([400, { code: 'invalid_promo_code' }]);
  });

  it("answers a payment provider's failure 502 with the page's text, whichever route it came from", () => {
    const failure = new BillingProviderError('Failed to create subscription', 'create the customer', new Error('timeout'));
    expect(describeCommandError(failure)).toEqual([502, { error: 'Failed to create subscription', message: 'The payment provider did not answer. Nothing was charged; please try again.' }]);
  });

  it('answers a concurrent change 409', () => {
    expect(describeCommandError(new WrongExpectedVersionError('joke-1', 'no_stream', 1n, true))).toEqual([
      409,
      { error: 'Conflict', message: 'Someone else changed this at the same time. Please try again.' },
    ]);
  });

  it('answers 503 while PostgreSQL cannot be reached', () => {
    expect(describeCommandError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toMatchObject([503, { error: 'Service Unavailable' }]);
  });
});
