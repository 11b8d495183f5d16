import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { START } from '../port/types.js';
import { PersonalDataCodec } from './personal-data-codec.js';
import { PersonalDataEventStore } from './personal-data-event-store.js';
import { PersonalDataKeys } from './personal-data-keys.js';
import type { PersonalDataPolicy } from './personal-data-policy.js';
import { personalDataSecretOf } from './personal-data-secret.js';

const policy: PersonalDataPolicy = {
  Registered: { subject: 'userId', erased: { email: null, username: 'erased-user' } },
  // Payment records: sealed under a key of their own that outlives the personal one.
  Paid: { subject: 'userId', key: 'payment-records', erased: { invoiceId: 'redacted', amount: null } },
};

let db: TestDatabase;
let raw: PostgresEventStore;
let keys: PersonalDataKeys;
let store: PersonalDataEventStore;
const secret = personalDataSecretOf('a-test-secret-that-is-long-enough-0123456789', 'test');

beforeAll(async () => {
  db = await createTestDatabase('pd');
  raw = new PostgresEventStore(db.pool, { notify: false });
  await raw.migrate();
  keys = new PersonalDataKeys(secret, db.pool, { cacheMs: 0 });
  await keys.migrate(db.pool);
  store = new PersonalDataEventStore(raw, new PersonalDataCodec(policy, keys));
});

afterAll(async () => {
  await db.drop();
});

const registered = (userId: string, email: string) => ({ type: 'Registered', data: { userId, email, username: email.split('@')[0], plan: 'free' } });

describe('personal data in the event store', () => {
  it('stores personal fields only sealed, and reads them back in plain', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'grace.hopper@example.com'), { type: 'Other', data: { userId, n: 1 } }]);
    const { rows } = await db.pool.query<{ text: string }>('SELECT data::text AS text FROM events WHERE stream_id = $1', [`user-${userId}`]);
    expect(rows.map((row) => row.text).join()).not.toMatch(/grace|hopper/);
    const read = await store.readStream(`user-${userId}`);
    expect(read.map((event) => event.data)).toEqual([
      { userId, email: 'grace.hopper@example.com', username: 'grace.hopper', plan: 'free' },
      { userId, n: 1 },
    ]);
  });

  it('reads an erased person as erased while every other fact and the order stay', async () => {
    const userId = randomUUID();
    const other = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'ada@example.com'), { type: 'Other', data: { userId, n: 2 } }]);
    await store.append(`user-${other}`, [registered(other, 'alan@example.com')]);
    expect(await keys.destroy(userId)).toBe(true);
    const read = await store.readStream(`user-${userId}`);
    expect(read.map((event) => [event.type, event.data])).toEqual([
      ['Registered', { userId, email: null, username: 'erased-user', plan: 'free' }],
      ['Other', { userId, n: 2 }],
    ]);
    expect((await store.readStream(`user-${other}`))[0]!.data).toMatchObject({ email: 'alan@example.com' });
    const all = await store.readAll(START, 10_000);
    expect(JSON.stringify(all.map((event) => event.data))).not.toContain('ada@example.com');
  });

  it('destroys a key once: a second erasure is told it was already done', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'twice@example.com')]);
    expect(await keys.destroy(userId)).toBe(true);
    expect(await keys.destroy(userId)).toBe(false);
  });

  it('writes nothing personal for an erased person again', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'gone@example.com')]);
    await keys.destroy(userId);
    await expect(store.append(`user-${userId}`, [registered(userId, 'gone@example.com')])).rejects.toThrow(/erased/);
  });

  it('recognises an append retried with the same event id as the same append (the seal is deterministic)', async () => {
    const userId = randomUUID();
    const eventId = randomUUID();
    const first = await store.append(`user-${userId}`, [{ ...registered(userId, 'retry@example.com'), eventId }], { expectedVersion: 'no_stream' });
    const again = await store.append(`user-${userId}`, [{ ...registered(userId, 'retry@example.com'), eventId }], { expectedVersion: 'any' });
    expect(again).toEqual({ ...first, duplicate: true });
  });

  it('does not open a seal copied into another event', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'copied@example.com')]);
    const [sealed] = await raw.readStream(`user-${userId}`);
    await raw.append(`user-${userId}`, [{ type: 'Registered', data: sealed!.data }]);
    await expect(store.readStream(`user-${userId}`)).rejects.toThrow();
  });

  it('refuses to open keys with another secret, naming where the secret came from', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'wrong-secret@example.com')]);
    const other = new PersonalDataKeys(personalDataSecretOf('another-secret-that-is-long-enough-0123456789', 'OTHER_SECRET'), db.pool);
    await expect(other.forReading([userId])).rejects.toThrow(/OTHER_SECRET/);
  });

  it('seals fields of a rule with its own key under a second key of the person, which outlives the personal one', async () => {
    const userId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, 'payer@example.com'), { type: 'Paid', data: { userId, invoiceId: 'in_123', amount: 999, plan: 'monthly' } }]);
    const { rows } = await db.pool.query<{ text: string }>("SELECT data::text AS text FROM events WHERE stream_id = $1 AND event_type = 'Paid'", [`user-${userId}`]);
    expect(rows[0]!.text).not.toMatch(/in_123|999/);
    expect(rows[0]!.text).toContain(`payment-records:${userId}`);

    // The person's erasure: their address goes, their payment records stay readable.
    await keys.destroy(userId);
    expect((await store.readStream(`user-${userId}`)).map((event) => event.data)).toEqual([
      { userId, email: null, username: 'erased-user', plan: 'free' },
      { userId, invoiceId: 'in_123', amount: 999, plan: 'monthly' },
    ]);
    // Their retention ends: the payment records read as erased too, every other fact stays.
    expect(await keys.stateOf(`payment-records:${userId}`)).toBe('live');
    expect(await keys.destroy(`payment-records:${userId}`)).toBe(true);
    expect(await keys.stateOf(`payment-records:${userId}`)).toBe('destroyed');
    expect((await store.readStream(`user-${userId}`))[1]!.data).toEqual({ userId, invoiceId: 'redacted', amount: null, plan: 'monthly' });
    await expect(store.append(`user-${userId}`, [{ type: 'Paid', data: { userId, invoiceId: 'in_456', amount: 1, plan: 'monthly' } }])).rejects.toThrow(/erased/);
  });
});
