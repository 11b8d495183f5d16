import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';
import { signedInUser } from '../testing/signed-in-user.js';
import { PrivacyJob } from './privacy-job.js';

// Sign-ups nobody confirmed are removed by the privacy job after
// UNCONFIRMED_ACCOUNT_DAYS, like an erasure: nothing personal is left and the
// address can register again. Real command API and PostgreSQL.
let app: AuthApp;
beforeAll(async () => {
  app = await startAuthApp({ PRIVACY_JOB_INTERVAL_MS: '0', UNCONFIRMED_ACCOUNT_DAYS: '3' });
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

const signUp = async (email: string): Promise<string> => {
  const response = await fetch(`${app.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse', data: { age_confirmed: true } }),
  });
  await app.settle();
  return ((await response.json()) as { id: string }).id;
};

/** Makes the account `days` old, as if it had signed up then. */
const age = (userId: string, days: number) =>
  app.db.pool.query(`UPDATE auth_users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [userId, days]);

const eventTypes = async (userId: string) =>
  (await app.db.pool.query<{ event_type: string }>('SELECT event_type FROM events WHERE stream_id = $1 ORDER BY stream_version', [`user-${userId}`])).rows.map(
    (row) => row.event_type,
  );

describe('unconfirmed accounts', () => {
  it('removes unconfirmed accounts older than UNCONFIRMED_ACCOUNT_DAYS and frees the address', async () => {
    const email = uniqueEmail('never-confirmed');
    const userId = await signUp(email);
    await age(userId, 4);

    const run = await app.app.get(PrivacyJob).run();
    expect(run).toMatchObject({ ran: true, unconfirmed: { [userId]: 'removed' } });
    expect(run.ran && run.failures).toEqual({});

    // Nothing personal left: no credentials, no mail, the key destroyed (every copy in the stream unreadable).
    expect((await app.db.pool.query('SELECT 1 FROM auth_users WHERE id = $1', [userId])).rowCount).toBe(0);
    expect((await app.db.pool.query('SELECT 1 FROM mail_outbox WHERE lower(recipient) = $1', [email])).rowCount).toBe(0);
    expect((await app.db.pool.query('SELECT 1 FROM auth_rate_limits WHERE strpos(bucket, $1) > 0', [email])).rowCount).toBe(0);
    const { rows: key } = await app.db.pool.query('SELECT wrapped_key, destroyed_at FROM personal_data_keys WHERE subject_id = $1', [userId]);
    expect(key).toEqual([{ wrapped_key: null, destroyed_at: expect.any(Date) }]);
    expect(await eventTypes(userId)).toEqual(['UserRegistered', 'AccountDeletionRequested', 'AccountErased']);

    // The address registers again, as a new person, and the new link confirms it.
    const again = await signUp(email);
    expect(again).not.toBe(userId);
    expect(await eventTypes(again)).toEqual(['UserRegistered']);
    const [mail] = (await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
    const location = new URL((await fetch(mail!.links[0]!, { redirect: 'manual' })).headers.get('location')!);
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toEqual(expect.any(String));
    expect(await eventTypes(again)).toEqual(['UserRegistered', 'EmailConfirmed', 'SignedIn']);
  });

  it('keeps confirmed accounts and unconfirmed ones younger than UNCONFIRMED_ACCOUNT_DAYS', async () => {
    const confirmed = await signedInUser(app, 'confirmed-old');
    await age(confirmed.id, 30);
    // An account from before the confirmation was kept in auth_users: the job reads its stream once.
    await app.db.pool.query('UPDATE auth_users SET email_confirmed_at = NULL WHERE id = $1', [confirmed.id]);
    const young = await signUp(uniqueEmail('young'));
    await age(young, 2);

    const run = await app.app.get(PrivacyJob).run();
    expect(run.ran && run.unconfirmed[confirmed.id]).toBe('confirmed');
    expect(run.ran && run.unconfirmed[young]).toBeUndefined();
    expect((await app.db.pool.query('SELECT 1 FROM auth_users WHERE id = ANY($1::uuid[])', [[confirmed.id, young]])).rowCount).toBe(2);
    // Marked, so the next run does not read its stream again.
    const next = await app.app.get(PrivacyJob).run();
    expect(next.ran && next.unconfirmed[confirmed.id]).toBeUndefined();
    expect((await fetch(`${app.url}/api/account/export?user_id=${confirmed.id}`, { headers: { authorization: `Bearer ${confirmed.token}` } })).status).toBe(200);
  });
});
