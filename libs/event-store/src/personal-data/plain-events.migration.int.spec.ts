import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { keyedHash } from './personal-data-cipher.js';
import { PersonalDataCodec } from './personal-data-codec.js';
import { PersonalDataEventStore } from './personal-data-event-store.js';
import { PersonalDataKeys } from './personal-data-keys.js';
import type { PersonalDataPolicy } from './personal-data-policy.js';
import { personalDataSecretOf } from './personal-data-secret.js';
import { sealPlainEvents } from './plain-events.migration.js';

const policy: PersonalDataPolicy = {
  UserRegistered: { subject: 'userId', erased: { email: null, username: 'erased-user' } },
  EmailReserved: { subject: 'userId', erased: { email: null } },
  SubscriptionActivated: { subject: 'userId', key: 'payment-records', erased: { subscriptionId: 'redacted', invoiceId: 'redacted', amountPaid: null } },
};
const secret = personalDataSecretOf('a-migration-secret-that-is-long-enough-0123', 'test');
const reservationStreamOf = (address: string) => `email-${keyedHash(secret.hashKey, address)}`;

let db: TestDatabase;
let raw: PostgresEventStore;
let codec: PersonalDataCodec;

beforeAll(async () => {
  db = await createTestDatabase('pdm');
  raw = new PostgresEventStore(db.pool, { notify: false });
  await raw.migrate();
  const keys = new PersonalDataKeys(secret, db.pool, { cacheMs: 0 });
  await keys.migrate(db.pool);
  codec = new PersonalDataCodec(policy, keys);
});

afterAll(async () => {
  await db.drop();
});

/** What an earlier version wrote: the address in the stream id and in the payloads. */
async function writtenInPlain(address: string) {
  const userId = randomUUID();
  await raw.append(`email-${address}`, [{ type: 'EmailReserved', data: { email: address, userId, reservedAt: '2026-01-01T00:00:00.000Z' } }], { expectedVersion: 'no_stream' });
  await raw.append(`user-${userId}`, [
    { type: 'UserRegistered', data: { userId, email: address, username: address.split('@')[0], ageConfirmed: true, rememberMe: true, registeredAt: '2026-01-01T00:00:00.000Z' } },
    { type: 'SignedIn', data: { userId, sessionId: randomUUID(), method: 'password', rememberMe: true, signedInAt: '2026-01-01T00:00:01.000Z' } },
  ]);
  return userId;
}

const rows = async () =>
  (await db.pool.query<{ stream_id: string; event_id: string; global_position: string; transaction_id: string; data: string }>(
    'SELECT stream_id, event_id, global_position::text, transaction_id::text, data::text FROM events ORDER BY global_position',
  )).rows;

describe('sealing events stored in plain (the one-off migration)', () => {
  it('seals every plain personal field and renames reservation streams, keeping ids, positions, transactions and every other fact', async () => {
    const addresses = Array.from({ length: 5 }, (_, n) => `plain${n}.${randomUUID().slice(0, 6)}@example.com`);
    const userIds: string[] = [];
    for (const address of addresses) userIds.push(await writtenInPlain(address));
    const before = await rows();

    const result = await sealPlainEvents(db.pool, codec, { reservationStreamOf, batchSize: 3 });
    expect(result).toEqual({ sealed: 10, renamedStreams: 5 });

    const after = await rows();
    expect(after.map(({ event_id, global_position, transaction_id }) => [event_id, global_position, transaction_id])).toEqual(
      before.map(({ event_id, global_position, transaction_id }) => [event_id, global_position, transaction_id]),
    );
    const text = JSON.stringify(after);
    for (const address of addresses) {
      expect(text).not.toContain(address);
      expect(text).not.toContain(`"${address.split('@')[0]}"`);
    }
    const { rows: streams } = await db.pool.query<{ stream_id: string }>("SELECT DISTINCT stream_id FROM events WHERE stream_id LIKE 'email-%'");
    expect(streams.map((row) => row.stream_id).sort()).toEqual(addresses.map(reservationStreamOf).sort());

    // Read through the store, each event is what it was.
    const store = new PersonalDataEventStore(raw, codec);
    const opened = await store.readStream(`user-${userIds[0]}`);
    expect(opened.map((event) => event.data)).toEqual(
      (await Promise.all(before.filter((row) => row.stream_id === `user-${userIds[0]}`).map((row) => JSON.parse(row.data) as unknown))),
    );
    const [reservation] = await store.readStream(reservationStreamOf(addresses[0]!));
    expect(reservation!.data).toMatchObject({ email: addresses[0], userId: userIds[0] });
    // The renamed stream goes on at its version.
    await store.append(reservationStreamOf(addresses[0]!), [{ type: 'EmailReleased', data: { userId: userIds[0], releasedAt: '2026-02-01T00:00:00.000Z' } }], {
      expectedVersion: 1,
    });
  });

  it('is repeatable: a second run finds nothing to do and changes nothing', async () => {
    await writtenInPlain(`again.${randomUUID().slice(0, 6)}@example.com`);
    await sealPlainEvents(db.pool, codec, { reservationStreamOf });
    const once = await rows();
    expect(await sealPlainEvents(db.pool, codec, { reservationStreamOf })).toEqual({ sealed: 0, renamedStreams: 0 });
    expect(await rows()).toEqual(once);
  });

  it("seals older plain payment records in place under the person's payment-records key, once", async () => {
    const userId = randomUUID();
    const paid = { userId, subscriptionId: 'sub_plain1', invoiceId: 'in_plain1', amountPaid: 4321, plan: 'monthly', activatedAt: '2026-01-02T00:00:00.000Z' };
    await raw.append(`subscription-${userId}`, [{ type: 'SubscriptionActivated', data: paid }]);
    expect(await sealPlainEvents(db.pool, codec, { reservationStreamOf })).toEqual({ sealed: 1, renamedStreams: 0 });
    const [stored] = await raw.readStream(`subscription-${userId}`);
    expect(JSON.stringify(stored!.data)).not.toMatch(/sub_plain1|in_plain1|4321/);
    expect(stored!.data).toMatchObject({ userId, plan: 'monthly', $personal: { subject: `payment-records:${userId}` } });
    expect((await new PersonalDataEventStore(raw, codec).readStream(`subscription-${userId}`))[0]!.data).toEqual(paid);
    expect(await sealPlainEvents(db.pool, codec, { reservationStreamOf })).toEqual({ sealed: 0, renamedStreams: 0 });
  });
});
