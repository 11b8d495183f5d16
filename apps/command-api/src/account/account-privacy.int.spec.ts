import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { paymentRecordsKeyOf, subscriptionStreamId } from '@jokes/domain';
import { EVENT_STORE, PersonalDataKeys, type EventStore } from '@jokes/event-store';
import { UserCommands } from '../auth/user-commands.js';
import { BillingGateway } from '../billing/gateway/billing-gateway.js';
import { subscriptionTimeline } from '../billing/support/subscription-timeline.js';
import { PaymentRecordsErasure } from './payment-records.service.js';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';
import { signedInUser, type SignedInUser } from '../testing/signed-in-user.js';
import { PrivacyJob } from './privacy-job.js';

// Account deletion, its cancellation, the sign-in refusal while pending and the
// erasure job, on the real command API and PostgreSQL (issue 11).
let app: AuthApp;
beforeAll(async () => {
  app = await startAuthApp({ PRIVACY_JOB_INTERVAL_MS: '0' });
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

const PASSWORD = 'correct horse';
const DAY_MS = 86_400_000;

const post = (path: string, body: object, token?: string) =>
  fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const signIn = (email: string, password = PASSWORD) =>
  fetch(`${app.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
const deleteAccount = (user: SignedInUser, password = PASSWORD) => post('/api/account/delete', { user_id: user.id, password }, user.token);
const job = () => app.app.get(PrivacyJob);
const eventTypes = async (userId: string) =>
  (await app.db.pool.query<{ event_type: string }>('SELECT event_type FROM events WHERE stream_id = $1 ORDER BY stream_version', [`user-${userId}`])).rows.map(
    (row) => row.event_type,
  );

describe('personal data in the event store after sign-up', () => {
  it('holds the plain address and username in no stream id and no event payload or metadata', async () => {
    const user = await signedInUser(app, 'Plain.Address');
    const address = user.email.toLowerCase();
    const { rows } = await app.db.pool.query<{ stream_id: string }>(
      `SELECT stream_id FROM events WHERE lower(stream_id) LIKE '%' || $1 || '%' OR lower(data::text) LIKE '%' || $1 || '%'
         OR lower(metadata::text) LIKE '%' || $1 || '%' OR lower(data::text) LIKE '%' || $2 || '%'`,
      [address, `"${address.split('@')[0]}"`],
    );
    expect(rows).toEqual([]);
    const { rows: streams } = await app.db.pool.query<{ stream_id: string }>("SELECT DISTINCT stream_id FROM events WHERE stream_id LIKE 'email-%'");
    expect(streams.every(({ stream_id }) => /^email-[0-9a-f]{64}$/.test(stream_id))).toBe(true);
    // Yet the product reads it back where it is the person's own: their export.
    const exported = await fetch(`${app.url}/api/account/export?user_id=${user.id}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(((await exported.json()) as { user: { email: string } }).user.email).toBe(address);
  });
});

describe('GET /api/account/export', () => {
  const exportOf = (user: SignedInUser, userId = user.id) =>
    fetch(`${app.url}/api/account/export?user_id=${encodeURIComponent(userId)}`, { headers: { authorization: `Bearer ${user.token}` } });

  it('gives everything the product holds about the caller, from the events, as an attachment', async () => {
    const user = await signedInUser(app, 'export');
    const generated = (await (
      await post('/api/generate', { comedian_style: 'Jerry Seinfeld', topic: 'coffee', length: 'short', user_id: user.id }, user.token)
    ).json()) as { id: string; content: string };
    await post(`/api/jokes/${generated.id}/rate`, { rating: 4, user_id: user.id }, user.token);
    await post(`/api/jokes/${generated.id}/share`, { platform: 'x', visitor_id: '0b7c1f0e-5a4e-4c1b-9f59-3d2c1a0e8b71', user_id: user.id }, user.token);
    expect((await post(`/api/jokes/${generated.id}/unpublish`, { user_id: user.id }, user.token)).status).toBe(200);

    const response = await exportOf(user);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="standup-jokes-data-${new Date().toISOString().slice(0, 10)}.json"`);
    const document = (await response.json()) as Record<string, unknown>;
    expect(document).toMatchObject({
      format: 'standup-jokes-export/1',
      user: { id: user.id, email: user.email, username: user.email.split('@')[0], email_confirmed_at: expect.any(String), roles: [] },
      jokes: [{ id: generated.id, content: generated.content, topic: 'coffee', length: 'short', rating: 4 }],
      ratings: [{ joke_id: generated.id, rating: 4 }],
      shares: [{ joke_id: generated.id, platform: 'x' }],
      unpublished: [{ joke_id: generated.id, unpublished_at: expect.any(String) }],
      subscription: { events: [], payments: [] },
      sign_ins: [{ method: 'email-confirmation' }],
    });
  });

  it("refuses another user's data with 403", async () => {
    const [me, other] = [await signedInUser(app, 'export-me'), await signedInUser(app, 'export-other')];
    const response = await exportOf(me, other.id);
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).not.toContain(other.email);
  });
});

describe('POST /api/account/delete', () => {
  it('refuses a wrong password with 403 and changes nothing', async () => {
    const user = await signedInUser(app, 'wrong-password');
    const response = await deleteAccount(user, 'not my password');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Incorrect password', message: 'The password is not correct.' });
    expect(await eventTypes(user.id)).not.toContain('AccountDeletionRequested');
    expect((await signIn(user.email)).status).toBe(200);
  });

  it("refuses another user's account (403) and a request without a session (401)", async () => {
    const [me, other] = [await signedInUser(app, 'me'), await signedInUser(app, 'other')];
    expect((await post('/api/account/delete', { user_id: other.id, password: PASSWORD }, me.token)).status).toBe(403);
    expect((await post('/api/account/delete', { user_id: me.id, password: PASSWORD })).status).toBe(401);
    expect(await eventTypes(other.id)).not.toContain('AccountDeletionRequested');
  });

  it('schedules erasure 30 days ahead, ends every session at once and refuses a second request (409, or 401 once its session is known to have ended)', async () => {
    const user = await signedInUser(app, 'delete');
    const session = (await (await signIn(user.email)).json()) as { refresh_token: string };
    const before = Date.now();
    const response = await deleteAccount(user);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { scheduled_erasure_at: string; position: string };
    expect(Date.parse(body.scheduled_erasure_at) - before).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(Date.parse(body.scheduled_erasure_at) - before).toBeLessThan(31 * DAY_MS);
    expect(body.position).toMatch(/^\d+\.\d+$/);

    const refreshed = await fetch(`${app.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(400);
    const { rows } = await app.db.pool.query('SELECT 1 FROM auth_sessions WHERE user_id = $1 AND ended_at IS NULL', [user.id]);
    expect(rows).toHaveLength(0);
    expect(await eventTypes(user.id)).toEqual(expect.arrayContaining(['AccountDeletionRequested', 'SessionRevoked']));

    // The token's session has ended: refused (401) once every API knows (within 5 s), 409 until then; never a second request.
    const again = await deleteAccount(user);
    expect([401, 409]).toContain(again.status);
    expect((await eventTypes(user.id)).filter((type) => type === 'AccountDeletionRequested')).toHaveLength(1);
  });
});

describe('signing in while a deletion is scheduled', () => {
  it('answers the right password with account_pending_deletion and the date, a wrong one as always', async () => {
    const user = await signedInUser(app, 'pending');
    const { scheduled_erasure_at } = (await (await deleteAccount(user)).json()) as { scheduled_erasure_at: string };
    const refused = await signIn(user.email);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error_code: 'account_pending_deletion',
      msg: `This account is scheduled for deletion on ${scheduled_erasure_at.slice(0, 10)}.`,
    });
    const wrong = await signIn(user.email, 'wrong password');
    expect(await wrong.json()).toMatchObject({ error_code: 'invalid_credentials' });
  });
});

describe('POST /api/account/cancel-deletion', () => {
  it('restores the account with the right password; then a normal sign-in works', async () => {
    const user = await signedInUser(app, 'cancel');
    await deleteAccount(user);
    const wrong = await post('/api/account/cancel-deletion', { email: user.email, password: 'wrong password' });
    expect(wrong.status).toBe(400);
    const restored = await post('/api/account/cancel-deletion', { email: user.email, password: PASSWORD });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ restored: true });
    expect((await signIn(user.email)).status).toBe(200);
    // Nothing is left for the job: the account is not erased when the 30 days are over.
    await job().run(new Date(Date.now() + 31 * DAY_MS));
    expect((await signIn(user.email)).status).toBe(200);
  });

  it('answers 409 for an account that is not scheduled for deletion', async () => {
    const user = await signedInUser(app, 'not-scheduled');
    expect((await post('/api/account/cancel-deletion', { email: user.email, password: PASSWORD })).status).toBe(409);
  });
});

describe('the privacy job', () => {
  it('erases nobody before the date, and a due account once 30 days have passed: the address can register again as a new person', async () => {
    const user = await signedInUser(app, 'erase');
    await deleteAccount(user);
    await job().run();
    expect(await eventTypes(user.id)).not.toContain('AccountErased');

    const run = await job().run(new Date(Date.now() + 31 * DAY_MS));
    expect(run).toMatchObject({ ran: true, erasures: { [user.id]: 'erased' } });
    expect((await eventTypes(user.id)).at(-1)).toBe('AccountErased');
    const { rows: key } = await app.db.pool.query('SELECT wrapped_key, destroyed_at FROM personal_data_keys WHERE subject_id = $1', [user.id]);
    expect(key).toEqual([{ wrapped_key: null, destroyed_at: expect.any(Date) }]);
    const { rows: credentials } = await app.db.pool.query('SELECT 1 FROM auth_users WHERE id = $1', [user.id]);
    expect(credentials).toHaveLength(0);
    const { rows: plain } = await app.db.pool.query("SELECT stream_id FROM events WHERE data::text ILIKE '%' || $1 || '%' OR stream_id ILIKE '%' || $1 || '%'", [user.email]);
    expect(plain).toEqual([]);

    // Erased: the same as an unknown account everywhere.
    expect(await (await signIn(user.email)).json()).toMatchObject({ error_code: 'invalid_credentials' });
    expect((await post('/api/account/cancel-deletion', { email: user.email, password: PASSWORD })).status).toBe(400);
    // Erasing twice changes nothing.
    expect(await job().run(new Date(Date.now() + 32 * DAY_MS))).toMatchObject({ ran: true, erasures: {} });

    const again = await signedInUser(app, 'unused');
    expect(again.id).not.toBe(user.id);
    const reborn = await fetch(`${app.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'a new password', data: { age_confirmed: true } }),
    });
    const { id } = (await reborn.json()) as { id: string };
    expect(id).not.toBe(user.id);
    const { rows: registered } = await app.db.pool.query("SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'UserRegistered'", [`user-${id}`]);
    expect(registered).toHaveLength(1);
  });

  it('completes an erasure killed before the key was destroyed', async () => {
    const user = await signedInUser(app, 'killed-late');
    await deleteAccount(user);
    const keys = app.app.get(PersonalDataKeys);
    const destroy = jest.spyOn(keys, 'destroy').mockRejectedValueOnce(new Error('killed'));
    const first = await job().run(new Date(Date.now() + 31 * DAY_MS));
    expect(first).toMatchObject({ ran: true, failures: { [user.id]: 'killed' } });
    destroy.mockRestore();
    expect(await job().run(new Date(Date.now() + 31 * DAY_MS))).toMatchObject({ ran: true, erasures: { [user.id]: 'already-erased' } });
    const { rows } = await app.db.pool.query('SELECT wrapped_key FROM personal_data_keys WHERE subject_id = $1', [user.id]);
    expect(rows).toEqual([{ wrapped_key: null }]);
  });

  it('completes an erasure killed after the credentials were deleted but before it was recorded', async () => {
    const user = await signedInUser(app, 'killed-early');
    await deleteAccount(user);
    const commands = app.app.get(UserCommands);
    const execute = jest.spyOn(commands, 'execute').mockRejectedValueOnce(new Error('killed'));
    await job().run(new Date(Date.now() + 31 * DAY_MS));
    execute.mockRestore();
    expect((await app.db.pool.query('SELECT 1 FROM auth_users WHERE id = $1', [user.id])).rows).toHaveLength(0);
    expect(await job().run(new Date(Date.now() + 31 * DAY_MS))).toMatchObject({ ran: true, erasures: { [user.id]: 'erased' } });
    const { rows } = await app.db.pool.query("SELECT 1 FROM events WHERE data::text ILIKE '%' || $1 || '%'", [user.email]);
    expect(rows).toEqual([]);
  });

  it('removes logs older than LOG_RETENTION_DAYS (90) and expired rate-limit windows, and keeps the recent ones', async () => {
    const old = new Date(Date.now() - 91 * DAY_MS);
    const recent = new Date(Date.now() - 89 * DAY_MS);
    const mail = (id: string, at: Date) =>
      app.db.pool.query("INSERT INTO mail_outbox (id, kind, recipient, subject, created_at, sent_at) VALUES ($1, 'confirmation', 'someone@example.com', 'Confirm', $2, $2)", [id, at]);
    const [oldMail, recentMail] = [randomUUID(), randomUUID()];
    await mail(oldMail, old);
    await mail(recentMail, recent);
    const [oldFile, recentFile] = [join(app.outbox, '000000000000001-old.eml'), join(app.outbox, '000000000000002-recent.eml')];
    await writeFile(oldFile, 'To: someone@example.com\n');
    await writeFile(recentFile, 'To: someone@example.com\n');
    await utimes(oldFile, old, old);
    await utimes(recentFile, recent, recent);
    await app.db.pool.query("INSERT INTO auth_rate_limits (bucket, window_start, hits, expires_at) VALUES ('mail:old@example.com', $1, 1, $1), ('mail:now@example.com', now(), 1, now() + interval '1 hour')", [old]);

    const run = await job().run();
    expect(run).toMatchObject({ ran: true, retention: { mailRows: 1, mailFiles: 1 } });
    const { rows: mails } = await app.db.pool.query<{ id: string }>('SELECT id FROM mail_outbox WHERE id = ANY($1::uuid[])', [[oldMail, recentMail]]);
    expect(mails.map((row) => row.id)).toEqual([recentMail]);
    expect([existsSync(oldFile), existsSync(recentFile)]).toEqual([false, true]);
    const { rows: limits } = await app.db.pool.query<{ bucket: string }>("SELECT bucket FROM auth_rate_limits WHERE bucket IN ('mail:old@example.com', 'mail:now@example.com')");
    expect(limits.map((row) => row.bucket)).toEqual(['mail:now@example.com']);
  });

  it('runs in one process at a time: a second run while one holds the lock skips', async () => {
    const client = await app.db.pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(hashtext('privacy-job'))");
      expect(await job().run()).toEqual({ ran: false });
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('privacy-job'))");
      client.release();
    }
  });
});

describe('payment records after an erasure (PAYMENT_RECORDS_YEARS, 7 by default)', () => {
  const YEAR_MS = 365.25 * DAY_MS;
  const store = () => app.app.get<EventStore>(EVENT_STORE);

  /** A person who subscribed, paid once, and was erased 31 days after deleting their account. */
  async function subscribedAndErased(name: string) {
    const user = await signedInUser(app, name);
    const tag = randomUUID().replaceAll('-', '').slice(0, 12);
    const ids = { subscriptionId: `sub_${tag}`, customerId: `cus_${tag}`, invoiceId: `in_${tag}` };
    const subject = { userId: user.id, subscriptionId: ids.subscriptionId };
    await store().append(subscriptionStreamId(user.id), [
      {
        type: 'CheckoutStarted',
        data: { ...subject, customerId: ids.customerId, plan: 'monthly', promoCode: null, amount: 4321, currency: 'usd', withTrial: false, startedAt: '2026-03-01T09:00:00.000Z' },
      },
      {
        type: 'SubscriptionActivated',
        data: { ...subject, plan: 'monthly', invoiceId: ids.invoiceId, amountPaid: 4321, currency: 'usd', currentPeriodEnd: '2026-04-01T09:00:00.000Z', fromTrial: false, activatedAt: '2026-03-01T09:00:01.000Z' },
      },
      {
        type: 'SubscriptionEnded',
        data: { ...subject, plan: 'monthly', reason: 'canceled_immediately', previousStatus: 'active', endedAt: '2026-03-02T09:00:00.000Z' },
      },
    ]);
    const forgotten = jest.spyOn(app.app.get(BillingGateway), 'forgetCustomer').mockResolvedValue();
    await deleteAccount(user);
    const erasedAt = new Date(Date.now() + 31 * DAY_MS);
    expect(await job().run(erasedAt)).toMatchObject({ ran: true, erasures: { [user.id]: 'erased' } });
    expect(forgotten).toHaveBeenCalledWith(ids.customerId);
    forgotten.mockRestore();
    return { user, ids, erasedAt };
  }
  const rawStream = async (userId: string) =>
    (await app.db.pool.query<{ event_type: string; data: string }>('SELECT event_type, data::text AS data FROM events WHERE stream_id = $1 ORDER BY stream_version', [subscriptionStreamId(userId)]))
      .rows;
  const keyOf = async (userId: string) =>
    (await app.db.pool.query('SELECT wrapped_key IS NOT NULL AS live FROM personal_data_keys WHERE subject_id = $1', [paymentRecordsKeyOf(userId)])).rows;

  it("keeps an erased person's payment records readable until PAYMENT_RECORDS_YEARS have passed", async () => {
    const { user, ids, erasedAt } = await subscribedAndErased('payment-kept');
    // Sealed in the store, under a key that is not the personal one.
    const raw = JSON.stringify(await rawStream(user.id));
    for (const id of Object.values(ids)) expect(raw).not.toContain(id);
    expect(raw).not.toContain('4321');
    expect(raw).toContain(paymentRecordsKeyOf(user.id));

    const justBefore = new Date(erasedAt.getTime() + 7 * YEAR_MS - DAY_MS);
    expect(await job().run(justBefore)).toMatchObject({ ran: true, paymentRecords: {} });
    expect(await keyOf(user.id)).toEqual([{ live: true }]);
    const events = await store().readStream(subscriptionStreamId(user.id));
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ subscriptionId: ids.subscriptionId, customerId: ids.customerId, amount: 4321, currency: 'usd' }),
      expect.objectContaining({ invoiceId: ids.invoiceId, amountPaid: 4321 }),
      expect.objectContaining({ subscriptionId: ids.subscriptionId }),
    ]);
  });

  it('destroys the payment-records key when its retention ends: the ids and amounts read as redacted, every other fact stays, support still reads the timeline', async () => {
    const { user, ids, erasedAt } = await subscribedAndErased('payment-ended');
    const after = new Date(erasedAt.getTime() + 7 * YEAR_MS + DAY_MS);
    expect(await job().run(after)).toMatchObject({ ran: true, paymentRecords: { [user.id]: 'erased' }, failures: {} });
    expect(await keyOf(user.id)).toEqual([{ live: false }]);

    const events = await store().readStream(subscriptionStreamId(user.id));
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['CheckoutStarted', expect.objectContaining({ userId: user.id, subscriptionId: 'redacted', customerId: 'redacted', amount: null, currency: null, plan: 'monthly', startedAt: '2026-03-01T09:00:00.000Z' })],
      ['SubscriptionActivated', expect.objectContaining({ subscriptionId: 'redacted', invoiceId: 'redacted', amountPaid: null, currency: null, fromTrial: false })],
      ['SubscriptionEnded', expect.objectContaining({ subscriptionId: 'redacted', reason: 'canceled_immediately' })],
      ['PaymentRecordsErased', { userId: user.id, subscriptionId: 'redacted', erasedAt: after.toISOString() }],
    ]);
    const opened = JSON.stringify(events.map((event) => event.data));
    for (const id of Object.values(ids)) expect(opened).not.toContain(id);
    expect(opened).not.toContain('4321');

    const history = subscriptionTimeline(user.id, events);
    expect(history.status).toBe('canceled');
    expect(history.timeline.map((entry) => entry.summary)).toEqual([
      'Checkout started: monthly at an amount no longer kept, no trial (paid at once)',
      'Paid an amount no longer kept: subscription activated, paid through 2026-04-01',
      'Subscription ended: canceled immediately',
    ]);

    // Done once: a later run has nothing to do, and nothing for the person is written again.
    expect(await job().run(new Date(after.getTime() + DAY_MS))).toMatchObject({ ran: true, paymentRecords: {} });
    expect((await rawStream(user.id)).filter((event) => event.event_type === 'PaymentRecordsErased')).toHaveLength(1);
  });

  it('waits for the read models that copy the records before destroying the key, and a later run completes it', async () => {
    const { user, erasedAt } = await subscribedAndErased('payment-waits');
    const erasure = app.app.get(PaymentRecordsErasure);
    erasure.readModelWaitMs = 0;
    // A subscriptions projection that has not yet applied the end of the records.
    await app.db.pool.query("INSERT INTO projection_checkpoints (name) VALUES ('subscriptions')");
    try {
      const after = new Date(erasedAt.getTime() + 7 * YEAR_MS + DAY_MS);
      expect(await job().run(after)).toMatchObject({ ran: true, paymentRecords: { [user.id]: 'waiting-for-read-models' } });
      expect(await keyOf(user.id)).toEqual([{ live: true }]);
      // It catches up.
      await app.db.pool.query(
        "UPDATE projection_checkpoints SET (last_transaction_id, last_position) = (SELECT transaction_id, global_position FROM events ORDER BY global_position DESC LIMIT 1) WHERE name = 'subscriptions'",
      );
      expect(await job().run(after)).toMatchObject({ ran: true, paymentRecords: { [user.id]: 'erased' } });
      expect(await keyOf(user.id)).toEqual([{ live: false }]);
      expect((await rawStream(user.id)).filter((event) => event.event_type === 'PaymentRecordsErased')).toHaveLength(1);
    } finally {
      await app.db.pool.query("DELETE FROM projection_checkpoints WHERE name = 'subscriptions'");
      erasure.readModelWaitMs = 10_000;
    }
  });

  it('completes the end of payment records killed before the key was destroyed', async () => {
    const { user, erasedAt } = await subscribedAndErased('payment-killed');
    const destroy = jest.spyOn(app.app.get(PersonalDataKeys), 'destroy').mockRejectedValueOnce(new Error('killed'));
    const after = new Date(erasedAt.getTime() + 7 * YEAR_MS + DAY_MS);
    expect(await job().run(after)).toMatchObject({ ran: true, failures: { [`payment-records:${user.id}`]: 'killed' } });
    destroy.mockRestore();
    expect(await job().run(after)).toMatchObject({ ran: true, paymentRecords: { [user.id]: 'erased' }, failures: {} });
    expect(await keyOf(user.id)).toEqual([{ live: false }]);
    expect((await rawStream(user.id)).filter((event) => event.event_type === 'PaymentRecordsErased')).toHaveLength(1);
  });
});
