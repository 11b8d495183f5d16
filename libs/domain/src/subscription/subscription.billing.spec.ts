import { describe, it } from '@jest/globals';
import { givenWhenThen } from '../testing/index.js';
import * as f from '../testing/subscription.fixtures.js';
import { subscriptionDecider } from './subscription.decider.js';
import { InvalidSubscriptionTransitionError, SubscriptionEndedError, SubscriptionNotFoundError, UnknownSubscriptionError } from './subscription.errors.js';

const given = givenWhenThen(subscriptionDecider);
const { at, context } = f;

describe('ActivateSubscription', () => {
  it('converts a trial when the first period is paid', () => {
    given(f.trialing)
      .when(f.activate({ invoiceId: 'in_1', amountPaid: 414, currentPeriodEnd: '2026-04-10T12:00:00.000Z' }), context)
      .then([f.activated({ invoiceId: 'in_1', amountPaid: 414, currentPeriodEnd: '2026-04-10T12:00:00.000Z', fromTrial: true, activatedAt: at })]);
  });

  it('activates a returning subscriber whose first payment went through at checkout', () => {
    given([f.checkoutStarted({ withTrial: false })])
      .when(f.activate(), context)
      .then([f.activated({ currentPeriodEnd: '2026-04-10T12:00:00.000Z', fromTrial: false, activatedAt: at })]);
  });

  it('converts a trial whose first charge was declined when a retry is paid', () => {
    given([...f.trialing, f.paymentFailed({ invoiceId: 'in_1' })])
      .when(f.activate({ invoiceId: 'in_1' }), context)
      .then([f.activated({ invoiceId: 'in_1', currentPeriodEnd: '2026-04-10T12:00:00.000Z', fromTrial: true, activatedAt: at })]);
  });

  it('records nothing when the same invoice is reported paid again', () => {
    given(f.active).when(f.activate({ invoiceId: 'in_1' }), context).then([]);
  });

  it('refuses to activate an active subscription with another invoice (that is a renewal)', () => {
    given(f.active).when(f.activate({ invoiceId: 'in_9' }), context).thenThrows(InvalidSubscriptionTransitionError);
  });

  it('refuses to activate an ended subscription', () => {
    given(f.canceled).when(f.activate(), context).thenThrows(InvalidSubscriptionTransitionError);
  });

  it('refuses without any subscription', () => {
    given([]).when(f.activate(), context).thenThrows(SubscriptionNotFoundError);
  });
});

describe('RenewSubscription', () => {
  it('extends an active subscription by the paid period', () => {
    given(f.active).when(f.renew(), context).then([f.renewed({ renewedAt: at })]);
  });

  it('brings a past-due subscription back to active when a retry is paid', () => {
    given(f.pastDue).when(f.renew(), context).then([f.renewed({ recoveredFromPastDue: true, renewedAt: at })]);
  });

  it('records nothing when the same renewal invoice is reported again', () => {
    given([...f.active, f.renewed()]).when(f.renew(), context).then([]);
  });

  it('refuses a renewal during the trial (the first payment activates)', () => {
    given(f.trialing).when(f.renew(), context).thenThrows(InvalidSubscriptionTransitionError);
  });

  it('refuses a renewal of a trial whose first charge failed (its first payment activates)', () => {
    given([...f.trialing, f.paymentFailed({ invoiceId: 'in_1' })]).when(f.renew({ invoiceId: 'in_1' }), context).thenThrows(InvalidSubscriptionTransitionError);
  });

  it('refuses a renewal of a checkout that never started', () => {
    given(f.incomplete).when(f.renew(), context).thenThrows(InvalidSubscriptionTransitionError);
  });

  it('refuses a renewal after the subscription ended with SubscriptionEndedError', () => {
    given(f.canceled).when(f.renew(), context).thenThrows(SubscriptionEndedError);
  });

  it('refuses a renewal of another subscription', () => {
    given(f.active).when(f.renew({ subscriptionId: 'sub_old' }), context).thenThrows(UnknownSubscriptionError);
  });
});

describe('RecordPaymentFailure', () => {
  it('puts an active subscription past due, with the next retry', () => {
    given(f.active).when(f.recordFailure(), context).then([f.paymentFailed({ failedAt: at })]);
  });

  it('puts a trial past due when the first charge after it is declined', () => {
    given(f.trialing).when(f.recordFailure({ invoiceId: 'in_1' }), context).then([f.paymentFailed({ invoiceId: 'in_1', failedAt: at })]);
  });

  it('records each further failed retry of the same invoice', () => {
    given(f.pastDue)
      .when(f.recordFailure({ attempt: 2, nextAttemptAt: null }), context)
      .then([f.paymentFailed({ attempt: 2, nextAttemptAt: null, failedAt: at })]);
  });

  it('records a declined first payment of a checkout without a trial', () => {
    given([f.checkoutStarted({ withTrial: false })])
      .when(f.recordFailure({ invoiceId: 'in_1' }), context)
      .then([f.paymentFailed({ invoiceId: 'in_1', failedAt: at })]);
  });

  it('records nothing when the same failed attempt is reported again', () => {
    given(f.pastDue).when(f.recordFailure({ attempt: 1 }), context).then([]);
  });

  it('refuses a failure after the subscription ended', () => {
    given(f.canceled).when(f.recordFailure(), context).thenThrows(SubscriptionEndedError);
  });

  it('refuses without any subscription', () => {
    given([]).when(f.recordFailure(), context).thenThrows(SubscriptionNotFoundError);
  });
});
