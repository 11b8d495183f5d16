import { describe, expect, it } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { PremiumRequiredError, SubscriptionNotFoundError } from '@jokes/domain';
import { QueryErrorFilter } from './query-error.filter.js';

/** What the filter writes: the smallest stand-in for Nest's host and Express's response. */
function answer(error: unknown): { status: number; body: unknown } {
  const written = { status: 0, body: undefined as unknown };
  const response = {
    status(code: number) {
      written.status = code;
      return response;
    },
    json(body: unknown) {
      written.body = body;
      return response;
    },
    setHeader: () => response,
  };
  const host = { switchToHttp: () => ({ getResponse: () => response, getRequest: () => ({}) }) } as unknown as ArgumentsHost;
  new QueryErrorFilter().catch(error, host);
  return written;
}

describe('QueryErrorFilter', () => {
  it('answers domain errors by the same table as the command API', () => {
    expect(answer(new PremiumRequiredError())).toEqual({
      status: 403,
      body: { error: 'Premium Feature', message: 'Upgrade to access premium comedians and joke lengths', requiresPremium: true },
    });
    expect(answer(new SubscriptionNotFoundError('u-1'))).toEqual({
      status: 404,
      body: { error: 'No Subscription Found', code: 'subscription_not_found', message: 'No Subscription Found' },
    });
  });
});
