import { describe, expect, it } from '@jest/globals';
import { isActiveOnAccountPage, isProSubscriber } from './subscription-rules';

describe('subscribed, as the home page and Pro features count it (SPEC 4)', () => {
  it('counts only a literal true from the sync', () => {
    expect(isProSubscriber({ syncFlag: true })).toBe(true);
    for (const flag of ['true', 1, 'yes', {}, null, undefined, false]) expect(isProSubscriber({ syncFlag: flag })).toBe(false);
  });

  it('counts a row that is active, trialing or past_due, in any casing', () => {
    for (const status of ['active', 'TRIALING', 'Past_Due', ' active ']) expect(isProSubscriber({ statuses: [status] })).toBe(true);
  });

  it('does not count incomplete or canceled rows, or no rows', () => {
    expect(isProSubscriber({ statuses: ['incomplete', 'canceled'] })).toBe(false);
    expect(isProSubscriber({ statuses: [] })).toBe(false);
  });

  it('is subscribed when either the sync or a row says so', () => {
    expect(isProSubscriber({ syncFlag: false, statuses: ['canceled', 'past_due'] })).toBe(true);
    expect(isProSubscriber({ syncFlag: true, statuses: ['canceled'] })).toBe(true);
  });
});

describe('active, as the account page counts it (SPEC 4)', () => {
  it('counts only active and trialing, in any casing', () => {
    expect(isActiveOnAccountPage({ statuses: ['Active'] })).toBe(true);
    expect(isActiveOnAccountPage({ statuses: ['trialing'] })).toBe(true);
    expect(isActiveOnAccountPage({ statuses: ['past_due'] })).toBe(false);
    expect(isActiveOnAccountPage({ statuses: ['canceled', 'incomplete'] })).toBe(false);
  });

  it('does not let the sync flag make a past_due subscription active', () => {
    expect(isActiveOnAccountPage({ syncFlag: true, statuses: ['past_due'] })).toBe(false);
  });

  it('goes by the sync flag (a literal true) until the subscription has been read', () => {
    expect(isActiveOnAccountPage({ syncFlag: true })).toBe(true);
    expect(isActiveOnAccountPage({ syncFlag: 'true' })).toBe(false);
  });
});
