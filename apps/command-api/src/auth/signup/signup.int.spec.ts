import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { PostgresEventStore } from '@jokes/event-store';
import { AddressHashes } from '../../infrastructure/address-hashes.js';
import { startAuthApp, type AuthApp } from '../../testing/auth-app.js';

// Sign-up writes to three places (the reservation stream, the credentials
// table, the user stream) that cannot share one transaction. These tests set
// up what a crash or a concurrent request leaves behind, then sign up.
let app: AuthApp;
let store: PostgresEventStore;
beforeAll(async () => {
  app = await startAuthApp();
  store = new PostgresEventStore(app.db.pool, { notify: false });
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

const password = 'correct horse';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

const signUp = async (email: string) =>
  (await fetch(`${app.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, data: { age_confirmed: true } }),
  }).then((response) => response.json())) as { id: string };

const emailStreamId = (email: string) => app.app.get(AddressHashes).reservationStreamOf(email);

const reserve = (email: string, userId: string) =>
  store.append(emailStreamId(email), [{ type: 'EmailReserved', data: { email, userId, reservedAt: new Date().toISOString() } }], { expectedVersion: 'no_stream' });

const registrations = async (userId: string) =>
  (await app.db.pool.query(`SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'UserRegistered'`, [`user-${userId}`])).rowCount;

describe('a sign-up that an earlier attempt left half done', () => {
  it('completes a reservation whose user stream is empty, for the reserved user id', async () => {
    const email = uniqueEmail('stranded');
    const reservedId = randomUUID();
    await reserve(email, reservedId);

    const user = await signUp(email);
    expect(user.id).toBe(reservedId);
    expect(await registrations(reservedId)).toBe(1);
    expect((await store.readStream(emailStreamId(email))).length).toBe(1);
  });

  it("replaces the credentials a crashed attempt wrote, so this sign-up's password counts", async () => {
    const email = uniqueEmail('half-written');
    const reservedId = randomUUID();
    await reserve(email, reservedId);
    await app.db.pool.query(`INSERT INTO auth_users (id, email, email_normalized, password_hash) VALUES ($1, $2, $2, 'not-a-hash')`, [reservedId, email]);

    expect((await signUp(email)).id).toBe(reservedId);
    const { rows } = await app.db.pool.query<{ password_hash: string }>('SELECT password_hash FROM auth_users WHERE id = $1', [reservedId]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('a sign-up of an address another sign-up is working on', () => {
  it('answers like a new account and writes nothing', async () => {
    const email = uniqueEmail('busy');
    const reservedId = randomUUID();
    await reserve(email, reservedId);
    // Holds the lock a running sign-up of this address would hold.
    const holder = await app.db.pool.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`auth-signup:${email}`]);
      const user = await signUp(email);
      expect(user.id).not.toBe(reservedId);
      expect(await registrations(reservedId)).toBe(0);
      expect((await app.db.pool.query('SELECT 1 FROM auth_users WHERE email_normalized = $1', [email])).rowCount).toBe(0);
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()');
      holder.release();
    }
  });
});
