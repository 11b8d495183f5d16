import { describe, expect, it } from '@jest/globals';
import { PAYMENT_RECORDS, type PaymentRecordsErased, type SubscriptionEvent } from '@jokes/domain';
import { entitlementsReadModel, evolveEntitlementRow } from './entitlements.read-model.js';
import { evolveSubscriptionRow, subscriptionsReadModel, type SubscriptionRow } from './subscriptions.read-model.js';
import { evolveTrialConversions, type TrialConversionRow } from './trial-conversions.read-model.js';

const subject = { userId: 'u-1', subscriptionId: 'sub_1' };
const checkout: SubscriptionEvent = {
  type: 'CheckoutStarted',
  data: { ...subject, customerId: 'cus_1', plan: 'monthly', promoCode: 'ROCKY17', amount: 414, currency: 'usd', withTrial: true, startedAt: '2026-03-01T09:00:00.000Z' },
};
const trial: SubscriptionEvent = { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: '2026-03-04T09:00:00.000Z', startedAt: '2026-03-01T09:01:00.000Z' } };
const converted: SubscriptionEvent = {
  type: 'SubscriptionActivated',
  data: { ...subject, plan: 'monthly', invoiceId: 'in_1', amountPaid: 414, currency: 'usd', currentPeriodEnd: '2026-04-04T09:00:00.000Z', fromTrial: true, activatedAt: '2026-03-04T09:00:00.000Z' },
};
const failed: SubscriptionEvent = {
  type: 'PaymentFailed',
  data: { ...subject, invoiceId: 'in_2', amountDue: 414, currency: 'usd', attempt: 1, nextAttemptAt: null, failedAt: '2026-04-04T09:00:00.000Z' },
};
const scheduled: SubscriptionEvent = { type: 'CancellationScheduled', data: { ...subject, endsAt: '2026-03-04T09:00:00.000Z', duringTrial: true, scheduledAt: '2026-03-02T00:00:00.000Z' } };
const ended = (previousStatus: 'trialing' | 'active'): SubscriptionEvent => ({
  type: 'SubscriptionEnded',
  data: { ...subject, plan: 'monthly', reason: 'canceled_at_period_end', previousStatus, endedAt: '2026-03-04T09:00:00.000Z' },
});

const withId = (event: SubscriptionEvent) => ({ ...event, eventId: '00000000-0000-4000-8000-000000000001' });
const rowAfter = (events: SubscriptionEvent[]) => events.reduce<SubscriptionRow | null>((row, event) => evolveSubscriptionRow(row, withId(event)), null);

describe('subscriptions row', () => {
  it('starts incomplete at checkout, with the id of the starting event', () => {
    expect(rowAfter([checkout])).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      user_id: 'u-1',
      stripe_subscription_id: 'sub_1',
      stripe_customer_id: 'cus_1',
      status: 'incomplete',
      plan: 'monthly',
      current_period_end: null,
      cancel_at_period_end: false,
      created_at: '2026-03-01T09:00:00.000Z',
      updated_at: '2026-03-01T09:00:00.000Z',
    });
  });

  it('follows trial, conversion and a failed renewal with the period end', () => {
    expect(rowAfter([checkout, trial])).toMatchObject({ status: 'trialing', current_period_end: '2026-03-04T09:00:00.000Z' });
    expect(rowAfter([checkout, trial, converted, failed])).toMatchObject({ status: 'past_due', current_period_end: '2026-04-04T09:00:00.000Z' });
  });

  it('keeps the status while a cancellation is scheduled, then shows canceled', () => {
    expect(rowAfter([checkout, trial, scheduled])).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    expect(rowAfter([checkout, trial, scheduled, ended('trialing')])).toMatchObject({ status: 'canceled' });
  });

  it('ignores events of a subscription it never saw start', () => {
    expect(evolveSubscriptionRow(null, withId(trial))).toBeNull();
  });
});

describe('entitlements row', () => {
  const after = (events: SubscriptionEvent[]) => events.reduce(evolveEntitlementRow, null);

  it('grants nothing until the card is saved, then Pro through trial and past due', () => {
    expect(after([checkout])).toMatchObject({ has_active_subscription: false, status: 'incomplete', stripe_customer_id: 'cus_1', trial_used: false });
    expect(after([checkout, trial])).toMatchObject({ has_active_subscription: true, status: 'trialing', trial_used: true });
    expect(after([checkout, trial, converted, failed])).toMatchObject({ has_active_subscription: true, status: 'past_due' });
  });

  it('stays Pro with a scheduled cancellation and ends with the subscription, keeping the used trial', () => {
    expect(after([checkout, trial, scheduled])).toMatchObject({ has_active_subscription: true, cancel_at_period_end: true });
    expect(after([checkout, trial, scheduled, ended('trialing')])).toMatchObject({ has_active_subscription: false, status: 'canceled', trial_used: true });
    expect(after([checkout, trial, ended('trialing'), { ...checkout, data: { ...checkout.data, subscriptionId: 'sub_2', withTrial: false } }])).toMatchObject({
      status: 'incomplete',
      stripe_subscription_id: 'sub_2',
      trial_used: true,
    });
  });
});

describe('trial conversions', () => {
  const after = (events: SubscriptionEvent[]) =>
    events.reduce<TrialConversionRow | null>((row, event) => evolveTrialConversions(row, event as Parameters<typeof evolveTrialConversions>[1]), null);

  it('counts a started trial on its day and plan', () => {
    expect(after([trial])).toEqual({ day: '2026-03-01', plan: 'monthly', trials_started: 1, trials_converted: 0, trials_canceled: 0 });
  });

  it('counts a conversion, and a trial that ended unpaid as canceled, but not an active subscription ending', () => {
    expect(after([converted])).toMatchObject({ trials_converted: 1 });
    expect(after([ended('trialing')])).toMatchObject({ trials_canceled: 1 });
    expect(after([ended('active')])).toBeNull();
  });
});

describe('the end of an erased person\'s payment records (PaymentRecordsErased)', () => {
  type Event = (SubscriptionEvent | PaymentRecordsErased) & { eventId: string };
  const erasedRecords = (subscriptionId: string): PaymentRecordsErased => ({ type: 'PaymentRecordsErased', data: { userId: 'u-1', subscriptionId, erasedAt: '2033-03-04T09:00:00.000Z' } });
  const second: SubscriptionEvent = { ...checkout, data: { ...checkout.data, subscriptionId: 'sub_2', customerId: 'cus_1', withTrial: false, startedAt: '2026-05-01T09:00:00.000Z' } };
  const history = [checkout, trial, ended('trialing'), second, erasedRecords('sub_1'), erasedRecords('sub_2')].map((event, n) => ({ ...event, eventId: `00000000-0000-4000-8000-00000000000${n}` }) as Event);
  /** The same events as a rebuild reads them once the payment-records key is destroyed. */
  const redacted = history.map((event) => ({ ...event, data: { ...event.data, ...PAYMENT_RECORDS[event.type]!.erased } }) as Event);
  /** Another person's subscription, whose records are kept, before and after. */
  const other = (n: number) => ({ ...checkout, eventId: `00000000-0000-4000-8000-00000000010${n}`, data: { ...checkout.data, userId: 'u-2', subscriptionId: `sub_other_${n}` } }) as Event;

  /** A read model applied as the projector does: one row per key, null removes it. */
  function table<Row>(model: { keyOf(event: Event): object | undefined; evolve(row: Row | null, event: Event): Row | null }, events: readonly Event[]) {
    const rows = new Map<string, Row>();
    for (const event of events) {
      const key = JSON.stringify(model.keyOf(event));
      const row = model.evolve(rows.get(key) ?? null, event);
      if (row) rows.set(key, row);
      else rows.delete(key);
    }
    return [...rows.values()];
  }
  const subscriptions = subscriptionsReadModel as unknown as Parameters<typeof table<SubscriptionRow>>[0];
  const entitlements = entitlementsReadModel as unknown as Parameters<typeof table<ReturnType<typeof evolveEntitlementRow>>>[0];

  it('removes the person\'s subscriptions rows and the provider ids in their entitlement, keeping the rest', () => {
    expect(table(subscriptions, [other(1), ...history, other(2)]).map((row) => row.user_id)).toEqual(['u-2', 'u-2']);
    expect(table(entitlements, history)).toEqual([
      expect.objectContaining({ user_id: 'u-1', status: 'incomplete', trial_used: true, stripe_customer_id: 'redacted', stripe_subscription_id: 'redacted' }),
    ]);
  });

  it('gives the same rows when rebuilt from the events as read after the key is destroyed', () => {
    expect(table(subscriptions, [other(1), ...redacted, other(2)])).toEqual(table(subscriptions, [other(1), ...history, other(2)]));
    expect(table(entitlements, redacted)).toEqual(table(entitlements, history));
  });
});
