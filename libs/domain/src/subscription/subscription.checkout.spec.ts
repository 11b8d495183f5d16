import { describe, it } from '@jest/globals';
import { givenWhenThen } from '../testing/index.js';
import * as f from '../testing/subscription.fixtures.js';
import { subscriptionDecider } from './subscription.decider.js';
import {
  AlreadySubscribedError,
  InvalidSubscriptionTransitionError,
  SubscriptionNotFoundError,
  TrialAlreadyUsedError,
  UnknownSubscriptionError,
} from './subscription.errors.js';

const given = givenWhenThen(subscriptionDecider);
const { at, context } = f;

describe('StartCheckout', () => {
  describe('when the user never subscribed', () => {
    it('starts a checkout with a trial, the plan, the promo code and the price', () => {
      given([])
        .when(f.startCheckout({ promoCode: 'ROCKY17', amount: 414 }), context)
        .then([f.checkoutStarted({ promoCode: 'ROCKY17', amount: 414, startedAt: at })]);
    });
  });

  describe('when a checkout is waiting for a card', () => {
    it('records nothing when the same checkout is reported again (request and webhook)', () => {
      given(f.incomplete).when(f.startCheckout(), context).then([]);
    });

    it('ends the abandoned checkout and starts the new one', () => {
      given(f.incomplete)
        .when(f.startCheckout({ subscriptionId: 'sub_2', plan: 'yearly', amount: 2999 }), context)
        .then([
          f.ended({ reason: 'checkout_replaced', previousStatus: 'incomplete', endedAt: at }),
          f.checkoutStarted({ subscriptionId: 'sub_2', plan: 'yearly', amount: 2999, startedAt: at }),
        ]);
    });
  });

  describe.each([
    ['trialing', f.trialing],
    ['active', f.active],
    ['past_due', f.pastDue],
  ])('when the subscription is %s', (_status, history) => {
    it('refuses a second subscription with AlreadySubscribedError', () => {
      given(history).when(f.startCheckout({ subscriptionId: 'sub_2' }), context).thenThrows(AlreadySubscribedError);
    });
  });

  describe('when an earlier subscription with a trial has ended', () => {
    it('refuses a second trial: one trial per user, ever', () => {
      given(f.canceled).when(f.startCheckout({ subscriptionId: 'sub_2' }), context).thenThrows(TrialAlreadyUsedError);
    });

    it('starts a checkout without a trial', () => {
      given(f.canceled)
        .when(f.startCheckout({ subscriptionId: 'sub_2', withTrial: false }), context)
        .then([f.checkoutStarted({ subscriptionId: 'sub_2', withTrial: false, startedAt: at })]);
    });
  });

  describe('when an earlier checkout ended before its trial began', () => {
    it('offers the trial again, since none was used', () => {
      const abandoned = [f.checkoutStarted(), f.ended({ reason: 'checkout_expired', previousStatus: 'incomplete' })];
      given(abandoned)
        .when(f.startCheckout({ subscriptionId: 'sub_2' }), context)
        .then([f.checkoutStarted({ subscriptionId: 'sub_2', startedAt: at })]);
    });
  });
});

describe('StartTrial', () => {
  describe('when the checkout has a trial and the card was just set up', () => {
    it('starts the trial until the provider trial end', () => {
      given(f.incomplete)
        .when(f.startTrial({ trialEndsAt: '2026-03-13T12:00:00.000Z' }), context)
        .then([f.trialStarted({ trialEndsAt: '2026-03-13T12:00:00.000Z', startedAt: at })]);
    });
  });

  describe('when the trial already runs', () => {
    it('records nothing for a repeated notice', () => {
      given(f.trialing).when(f.startTrial(), context).then([]);
    });
  });

  describe('when refused', () => {
    it('refuses without any subscription with SubscriptionNotFoundError', () => {
      given([]).when(f.startTrial(), context).thenThrows(SubscriptionNotFoundError);
    });

    it('refuses a notice about another subscription with UnknownSubscriptionError', () => {
      given(f.incomplete).when(f.startTrial({ subscriptionId: 'sub_other' }), context).thenThrows(UnknownSubscriptionError);
    });

    it('refuses a trial for a checkout without one (a returning subscriber)', () => {
      given([f.checkoutStarted({ withTrial: false })]).when(f.startTrial(), context).thenThrows(InvalidSubscriptionTransitionError);
    });

    it('refuses a trial once the subscription is paid', () => {
      given(f.active).when(f.startTrial(), context).thenThrows(InvalidSubscriptionTransitionError);
    });
  });
});
