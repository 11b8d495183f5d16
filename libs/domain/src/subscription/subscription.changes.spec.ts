import { describe, it } from '@jest/globals';
import { givenWhenThen } from '../testing/index.js';
import * as f from '../testing/subscription.fixtures.js';
import { subscriptionDecider } from './subscription.decider.js';
import { InvalidSubscriptionTransitionError, SubscriptionEndedError, SubscriptionNotFoundError, UnknownSubscriptionError } from './subscription.errors.js';

const given = givenWhenThen(subscriptionDecider);
const { at, context } = f;

describe('CancelSubscription (at period end)', () => {
  it('schedules the end of an active subscription at the end of the paid period', () => {
    given(f.active)
      .when(f.cancel(), context)
      .then([f.cancellationScheduled({ endsAt: '2026-04-04T09:00:00.000Z', duringTrial: false, scheduledAt: at })]);
  });

  it('schedules the end of a trial at the trial end, and says so', () => {
    given(f.trialing)
      .when(f.cancel(), context)
      .then([f.cancellationScheduled({ endsAt: '2026-03-04T09:00:00.000Z', duringTrial: true, scheduledAt: at })]);
  });

  it("takes the provider's end date when it names one", () => {
    given(f.active)
      .when(f.cancel({ endsAt: '2026-04-04T10:00:00.000Z' }), context)
      .then([f.cancellationScheduled({ endsAt: '2026-04-04T10:00:00.000Z', scheduledAt: at })]);
  });

  it('records nothing when the cancellation is already scheduled', () => {
    given([...f.active, f.cancellationScheduled()]).when(f.cancel(), context).then([]);
  });

  it('refuses to cancel a checkout that never started (it simply ends)', () => {
    given(f.incomplete).when(f.cancel(), context).thenThrows(InvalidSubscriptionTransitionError);
  });

  it('refuses to cancel an ended subscription', () => {
    given(f.canceled).when(f.cancel(), context).thenThrows(SubscriptionEndedError);
  });

  it('refuses without any subscription', () => {
    given([]).when(f.cancel(), context).thenThrows(SubscriptionNotFoundError);
  });
});

describe('ResumeSubscription', () => {
  it('withdraws a scheduled cancellation', () => {
    given([...f.active, f.cancellationScheduled()])
      .when(f.resume(), context)
      .then([{ type: 'SubscriptionResumed', data: { userId: f.userId, subscriptionId: f.subscriptionId, currentPeriodEnd: '2026-04-04T09:00:00.000Z', resumedAt: at } }]);
  });

  it('records nothing when nothing was scheduled', () => {
    given(f.active).when(f.resume(), context).then([]);
  });

  it('refuses to resume an ended subscription with SubscriptionEndedError', () => {
    given(f.canceled).when(f.resume(), context).thenThrows(SubscriptionEndedError);
  });

  it('refuses to resume a checkout that never started', () => {
    given(f.incomplete).when(f.resume(), context).thenThrows(InvalidSubscriptionTransitionError);
  });
});

describe('ChangePlan', () => {
  it('moves an active monthly subscription to yearly', () => {
    given(f.active)
      .when(f.changePlan(), context)
      .then([{ type: 'PlanChanged', data: { userId: f.userId, subscriptionId: f.subscriptionId, fromPlan: 'monthly', toPlan: 'yearly', amount: 2999, currency: 'usd', changedAt: at } }]);
  });

  it('records nothing when the plan is the same', () => {
    given(f.active).when(f.changePlan({ plan: 'monthly', amount: 499 }), context).then([]);
  });

  it('refuses to change the plan of an ended subscription', () => {
    given(f.canceled).when(f.changePlan(), context).thenThrows(SubscriptionEndedError);
  });

  it('refuses to change the plan of another subscription', () => {
    given(f.active).when(f.changePlan({ subscriptionId: 'sub_other' }), context).thenThrows(UnknownSubscriptionError);
  });
});

describe('EndSubscription', () => {
  it('ends a subscription whose cancellation came due, remembering what it was', () => {
    given([...f.active, f.cancellationScheduled()])
      .when(f.end(), context)
      .then([f.ended({ reason: 'canceled_at_period_end', previousStatus: 'active', endedAt: at })]);
  });

  it('ends a past-due subscription when the provider gives up on the payment', () => {
    given(f.pastDue).when(f.end({ reason: 'payment_failed' }), context).then([f.ended({ reason: 'payment_failed', previousStatus: 'past_due', endedAt: at })]);
  });

  it('ends a trial that ran out without a card', () => {
    given(f.trialing)
      .when(f.end({ reason: 'trial_ended_without_payment_method' }), context)
      .then([f.ended({ reason: 'trial_ended_without_payment_method', previousStatus: 'trialing', endedAt: at })]);
  });

  it('ends a checkout that expired without payment', () => {
    given(f.incomplete).when(f.end({ reason: 'checkout_expired' }), context).then([f.ended({ reason: 'checkout_expired', previousStatus: 'incomplete', endedAt: at })]);
  });

  it('records nothing when the end is reported again', () => {
    given(f.canceled).when(f.end(), context).then([]);
  });

  it('refuses to end another subscription', () => {
    given(f.active).when(f.end({ subscriptionId: 'sub_old' }), context).thenThrows(UnknownSubscriptionError);
  });

  it('refuses without any subscription', () => {
    given([]).when(f.end(), context).thenThrows(SubscriptionNotFoundError);
  });
});
