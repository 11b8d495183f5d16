import { describe, expect, it } from '@jest/globals';
import * as f from '../testing/subscription.fixtures.js';
import { discountedAmount, normalizePromoCode, planOfInterval } from './subscription.plans.js';
import { evolveSubscription, initialSubscriptionState } from './subscription.state.js';
import { hasActiveSubscription, isActiveForAccount, isPro, isSubscribed } from './subscription.status.js';

describe('who counts as Pro', () => {
  it.each(['active', 'trialing', 'past_due', 'ACTIVE', ' Past_Due '])('the home page counts %p', (status) => {
    expect(isPro(status)).toBe(true);
  });

  it.each(['canceled', 'incomplete', 'unpaid', '', null, undefined, 42])('the home page does not count %p', (status) => {
    expect(isPro(status)).toBe(false);
  });

  it('the account page counts active and trialing only', () => {
    expect(['active', 'Trialing', 'past_due', 'canceled'].map(isActiveForAccount)).toEqual([true, true, false, false]);
  });

  it('only a literal true counts for has_active_subscription', () => {
    expect([true, 'true', 1, 'yes', null, false].map(hasActiveSubscription)).toEqual([true, false, false, false, false, false]);
  });

  it('is subscribed when any row or the sync flag says so', () => {
    expect(isSubscribed([{ status: 'canceled' }, { status: 'PAST_DUE' }], false)).toBe(true);
    expect(isSubscribed([], true)).toBe(true);
    expect(isSubscribed([{ status: 'canceled' }], 'true')).toBe(false);
  });
});

describe('prices and promo codes', () => {
  it('takes ROCKY17 in any casing and with spaces, and no code as null', () => {
    expect(normalizePromoCode('  rocky17 ')).toBe('ROCKY17');
    expect(normalizePromoCode('   ')).toBeNull();
    expect(normalizePromoCode(undefined)).toBeNull();
  });

  it('rounds a 17% discount to the cent: $4.99 -> $4.14, $29.99 -> $24.89', () => {
    expect(discountedAmount(499, 17)).toBe(414);
    expect(discountedAmount(2999, 17)).toBe(2489);
  });

  it('names the plan of a billing interval', () => {
    expect([planOfInterval('month'), planOfInterval('year'), planOfInterval('week')]).toEqual(['monthly', 'yearly', undefined]);
  });
});

describe('evolveSubscription', () => {
  const fold = (events: Parameters<typeof evolveSubscription>[1][]) => events.reduce(evolveSubscription, initialSubscriptionState());

  it('keeps the trial used after the subscription ended and a new checkout began', () => {
    const state = fold([...f.canceled, f.checkoutStarted({ subscriptionId: 'sub_2', withTrial: false })]);
    expect(state).toMatchObject({ status: 'incomplete', subscriptionId: 'sub_2', trialUsed: true });
  });

  it('tracks the period end through trial, payment, failure and renewal', () => {
    expect(fold(f.trialing)).toMatchObject({ status: 'trialing', currentPeriodEnd: '2026-03-04T09:00:00.000Z' });
    expect(fold(f.pastDue)).toMatchObject({ status: 'past_due', currentPeriodEnd: '2026-04-04T09:00:00.000Z' });
    expect(fold([...f.pastDue, f.renewed()])).toMatchObject({ status: 'active', currentPeriodEnd: '2026-05-04T09:00:00.000Z', lastFailure: null });
  });

  it('stays Pro with a scheduled cancellation until the end arrives', () => {
    const scheduled = fold([...f.active, f.cancellationScheduled()]);
    expect(scheduled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(isPro(scheduled.status)).toBe(true);
    expect(isPro(fold([...f.active, f.cancellationScheduled(), f.ended()]).status)).toBe(false);
  });
});
