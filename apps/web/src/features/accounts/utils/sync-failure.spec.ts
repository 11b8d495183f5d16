import { describe, expect, it } from '@jest/globals';
import { syncFailurePlan } from './sync-failure';

const serverError = { status: 500, message: '500: {"error":"boom"}', body: { error: 'boom' } };
const notFound = { status: 404, message: '404: Not Found' };

describe('sync failure (SPEC 8 "Sync and initialisation")', () => {
  it('at start-up: Sync Error', () => {
    expect(syncFailurePlan(notFound, 'startup')).toEqual({
      toast: { title: 'Sync Error', description: 'There was a problem syncing your account data.' },
      checkSubscriptionDirectly: false,
    });
  });

  it('on an auth change: Account Sync Issue', () => {
    expect(syncFailurePlan(new TypeError('Failed to fetch'), 'auth-change')).toEqual({
      toast: {
        title: 'Account Sync Issue',
        description: "Your login is successful but we're having trouble loading your account details.",
      },
      checkSubscriptionDirectly: false,
    });
  });

  it.each(['startup', 'auth-change'] as const)('on HTTP 500 (%s): the direct check and a limited-functionality warning', (moment) => {
    expect(syncFailurePlan(serverError, moment)).toEqual({
      toast: {
        title: 'Warning: Limited Functionality',
        description: "We're having trouble connecting to our services. Some features may be unavailable.",
      },
      checkSubscriptionDirectly: true,
    });
  });
});
