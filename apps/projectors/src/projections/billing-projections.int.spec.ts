import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { paymentRecordsKeyOf, SEALED_DATA, subscriptionStreamId, type PaymentRecordsErased, type SubscriptionEvent } from '@jokes/domain';
import {
  type AppendResult,
  PersonalDataCodec,
  PersonalDataEventStore,
  PersonalDataKeys,
  personalDataSecretOf,
  PostgresEventStore,
  rebuildProjection,
  rowProjection,
  START,
  type StoredEvent,
  withPersonalData,
} from '@jokes/event-store';
import { createTestDatabase, untilReadable, type TestDatabase } from '@jokes/event-store/testing';
import { entitlementsReadModel, subscriptionsReadModel, type EntitlementRow, type SubscriptionRow } from '@jokes/read-models';
import { entitlementsProjection, subscriptionsProjection, trialConversionsProjection } from './index.js';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('billingmodels');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
});
afterAll(async () => db.drop());

function story(userId: string, subscriptionId: string, day: string): SubscriptionEvent[] {
  const subject = { userId, subscriptionId };
  return [
    { type: 'CheckoutStarted', data: { ...subject, customerId: `cus_${userId}`, plan: 'yearly', promoCode: null, amount: 2999, currency: 'usd', withTrial: true, startedAt: `${day}T08:00:00.000Z` } },
    { type: 'TrialStarted', data: { ...subject, plan: 'yearly', trialEndsAt: `${day}T08:00:00.000Z`, startedAt: `${day}T08:01:00.000Z` } },
  ];
}

/** Catch-up reads see an append once every older transaction on the (shared) server has ended. */
const appended = async (append: Promise<AppendResult>): Promise<void> => untilReadable(store, (await append).position);

describe('billing read models from events', () => {
  it('given a converted trial and a canceled one, builds subscriptions, entitlements and trial figures', async () => {
    const [ana, bo] = [randomUUID(), randomUUID()];
    await store.append(subscriptionStreamId(ana), [
      ...story(ana, 'sub_a', '2026-03-01'),
      {
        type: 'SubscriptionActivated',
        data: { userId: ana, subscriptionId: 'sub_a', plan: 'yearly', invoiceId: 'in_1', amountPaid: 2999, currency: 'usd', currentPeriodEnd: '2027-03-04T08:00:00.000Z', fromTrial: true, activatedAt: '2026-03-04T08:00:00.000Z' },
      },
    ]);
    await appended(store.append(subscriptionStreamId(bo), [
      ...story(bo, 'sub_b', '2026-03-01'),
      { type: 'SubscriptionEnded', data: { userId: bo, subscriptionId: 'sub_b', plan: 'yearly', reason: 'trial_ended_without_payment_method', previousStatus: 'trialing', endedAt: '2026-03-04T08:00:00.000Z' } },
    ]));
    for (const projection of [subscriptionsProjection, entitlementsProjection, trialConversionsProjection]) await rebuildProjection(store, projection);

    const rows = await db.pool.query('SELECT user_id, stripe_subscription_id, status, current_period_end FROM subscriptions ORDER BY stripe_subscription_id');
    expect(rows.rows).toEqual([
      { user_id: ana, stripe_subscription_id: 'sub_a', status: 'active', current_period_end: new Date('2027-03-04T08:00:00.000Z') },
      { user_id: bo, stripe_subscription_id: 'sub_b', status: 'canceled', current_period_end: new Date('2026-03-01T08:00:00.000Z') },
    ]);
    const entitlements = await db.pool.query('SELECT user_id, has_active_subscription, stripe_customer_id FROM entitlements WHERE user_id = ANY($1) ORDER BY user_id = $2 DESC', [[ana, bo], ana]);
    expect(entitlements.rows).toEqual([
      { user_id: ana, has_active_subscription: true, stripe_customer_id: `cus_${ana}` },
      { user_id: bo, has_active_subscription: false, stripe_customer_id: `cus_${bo}` },
    ]);
    const figures = await db.pool.query("SELECT to_char(day, 'YYYY-MM-DD') AS day, plan, trials_started, trials_converted, trials_canceled FROM trial_conversions ORDER BY day");
    expect(figures.rows).toEqual([
      { day: '2026-03-01', plan: 'yearly', trials_started: 2, trials_converted: 0, trials_canceled: 0 },
      { day: '2026-03-04', plan: 'yearly', trials_started: 0, trials_converted: 1, trials_canceled: 1 },
    ]);
  });

  it('counts nothing twice when the same events are applied again', async () => {
    const events = await store.readAll(START, 1000);
    const client = await db.pool.connect();
    try {
      await trialConversionsProjection.apply(client, events, { trial_conversions: 'trial_conversions' });
      await entitlementsProjection.apply(client, events, { entitlements: 'entitlements' });
    } finally {
      client.release();
    }
    const total = await db.pool.query('SELECT sum(trials_started)::int AS started FROM trial_conversions');
    expect(total.rows[0].started).toBe(2);
  });
});

describe("the end of an erased person's payment records", () => {
  it('destroys the payment-records key when its retention ends and the subscriptions and entitlements projections still rebuild to the live tables', async () => {
    const keys = new PersonalDataKeys(personalDataSecretOf('a-projector-test-secret-long-enough-0123456789', 'test'), db.pool, { cacheMs: 0 });
    await keys.migrate(db.pool);
    const codec = new PersonalDataCodec(SEALED_DATA, keys);
    const sealed = new PersonalDataEventStore(store, codec);
    type Event = SubscriptionEvent | PaymentRecordsErased;
    const subscriptions = withPersonalData(rowProjection<SubscriptionRow, StoredOf<Event>>(subscriptionsReadModel), () => codec);
    const entitlements = withPersonalData(rowProjection<EntitlementRow, StoredOf<Event>>(entitlementsReadModel), () => codec);

    // Two people erased long ago (one with a replaced checkout), one still a customer; their events interleave.
    const [xena, yuri, zoe] = [randomUUID(), randomUUID(), randomUUID()];
    const ended = (userId: string, subscriptionId: string, reason: 'checkout_replaced' | 'canceled_immediately'): SubscriptionEvent => ({
      type: 'SubscriptionEnded',
      data: { userId, subscriptionId, plan: 'yearly', reason, previousStatus: 'incomplete', endedAt: '2026-03-05T08:00:00.000Z' },
    });
    await sealed.append(subscriptionStreamId(xena), [...story(xena, 'sub_x1', '2026-03-01'), ended(xena, 'sub_x1', 'checkout_replaced')]);
    await sealed.append(subscriptionStreamId(yuri), story(yuri, 'sub_y1', '2026-03-02'));
    await sealed.append(subscriptionStreamId(xena), [...story(xena, 'sub_x2', '2026-03-03'), ended(xena, 'sub_x2', 'canceled_immediately')]);
    await sealed.append(subscriptionStreamId(zoe), story(zoe, 'sub_z1', '2026-03-03'));
    await sealed.append(subscriptionStreamId(yuri), [ended(yuri, 'sub_y1', 'canceled_immediately')]);
    const erasedRecords = (userId: string, subscriptionId: string): PaymentRecordsErased => ({
      type: 'PaymentRecordsErased',
      data: { userId, subscriptionId, erasedAt: '2033-03-05T08:00:00.000Z' },
    });
    await sealed.append(subscriptionStreamId(xena), [erasedRecords(xena, 'sub_x1'), erasedRecords(xena, 'sub_x2')]);
    await appended(sealed.append(subscriptionStreamId(yuri), [erasedRecords(yuri, 'sub_y1')]));

    // Live: the projections follow the events while the keys still open them, a few at a time.
    const tables = { subscriptions: 'subscriptions', entitlements: 'entitlements' };
    await db.pool.query('TRUNCATE subscriptions, entitlements');
    const all = await store.readAll(START, 1000);
    const client = await db.pool.connect();
    try {
      for (let at = 0; at < all.length; at += 3) {
        await subscriptions.apply(client, all.slice(at, at + 3), tables);
        await entitlements.apply(client, all.slice(at, at + 3), tables);
      }
    } finally {
      client.release();
    }
    const people = [xena, yuri, zoe];
    const snapshot = async () => ({
      subscriptions: (await db.pool.query('SELECT * FROM subscriptions WHERE user_id = ANY($1) ORDER BY user_id, stripe_subscription_id', [people])).rows,
      entitlements: (await db.pool.query('SELECT * FROM entitlements WHERE user_id = ANY($1) ORDER BY user_id', [people])).rows,
    });
    const live = await snapshot();
    expect(live.subscriptions).toEqual([expect.objectContaining({ user_id: zoe, stripe_subscription_id: 'sub_z1' })]);
    expect(live.entitlements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: xena, stripe_subscription_id: 'redacted', stripe_customer_id: 'redacted', status: 'canceled', trial_used: true }),
        expect.objectContaining({ user_id: yuri, stripe_subscription_id: 'redacted', stripe_customer_id: 'redacted', status: 'canceled' }),
        expect.objectContaining({ user_id: zoe, stripe_subscription_id: 'sub_z1', stripe_customer_id: `cus_${zoe}` }),
      ]),
    );

    // The retention ends: the keys go. Rebuilt from zero, in batches that split the people's events, the tables are the live ones.
    await keys.destroy(paymentRecordsKeyOf(xena));
    await keys.destroy(paymentRecordsKeyOf(yuri));
    const reread = JSON.stringify((await sealed.readAll(START, 1000)).map((event) => event.data));
    for (const id of ['sub_x1', 'sub_x2', 'sub_y1', `cus_${xena}`, `cus_${yuri}`]) expect(reread).not.toContain(id);
    await rebuildProjection(store, subscriptions, { batchSize: 4 });
    await rebuildProjection(store, entitlements, { batchSize: 4 });
    expect(await snapshot()).toEqual(live);
  });
});

type StoredOf<E> = StoredEvent & E;
