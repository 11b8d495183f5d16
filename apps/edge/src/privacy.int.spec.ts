import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { SEALED_DATA } from '@jokes/domain';
import { loadPersonalDataSecret, PersonalDataCodec, PersonalDataKeys, PostgresEventStore, START, type StoredEvent } from '@jokes/event-store';
import { decodeJwt } from 'jose';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { projectRoot } from '../../../tools/postgres.ts';
import { confirmedUser, query } from './testing/auth-helpers.js';

// Issue 11, done when: a person signs up, generates, rates, shares, subscribes
// (and pays), exports, deletes; the erasure runs (ERASURE_AFTER_DAYS=0, npm run
// erase-due); then their address and username are in no table of any schema,
// no event (opened with every key that is left) and no file under DATA_DIR,
// while every projection rebuilt from zero equals the live one and the figures
// that are not personal are those from before; support still reads the
// subscription's timeline. PAYMENT_RECORDS_YEARS later (the erasure's date moved
// back: the test's clock), the provider's ids and the amounts go too. Everything
// through the built product's one origin.
const PASSWORD = 'privacy password 1';
const run = promisify(execFile);
let stack: RunningStack;
/** Chosen here, so `npm run erase-due` outside the stack reaches the stack's local provider. */
let localStripePort: string;

const freePort = () =>
  new Promise<string>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(String(typeof address === 'object' && address ? address.port : 0)));
    });
  });

beforeAll(async () => {
  localStripePort = await freePort();
  stack = await startStack({ env: { ERASURE_AFTER_DAYS: '0', PRIVACY_JOB_INTERVAL_MS: '0', BILLING_CLOCK_INTERVAL_MS: '0', LOCAL_STRIPE_PORT: localStripePort } });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
}, 30_000);

const api = async (method: string, path: string, token?: string, body?: unknown) => {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
};
const passwordSignIn = (email: string, password = PASSWORD) => api('POST', '/auth/v1/token?grant_type=password', undefined, { email, password });
const tool = (script: string, ...args: string[]) =>
  run(process.execPath, [join(projectRoot(), script), ...args], { cwd: projectRoot(), env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir, ERASURE_AFTER_DAYS: '0', LOCAL_STRIPE_PORT: localStripePort } });

async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const READ_MODEL_TABLES = ['jokes', 'best_jokes', 'form_ratings', 'daily_generations', 'users', 'subscriptions', 'entitlements', 'trial_conversions', 'engagement', 'engagement_ratings', 'engagement_visitors', 'funnel'];
/** Figures no erasure may change. */
const NON_PERSONAL = ['jokes', 'best_jokes', 'form_ratings', 'daily_generations', 'trial_conversions', 'engagement', 'engagement_ratings', 'engagement_visitors', 'funnel'];

async function snapshot(tables: readonly string[]): Promise<Record<string, string[]>> {
  const rows = await Promise.all(
    tables.map(async (table) => (await query<{ row: string }>(stack.databaseUrl, `SELECT row_to_json(t)::text AS row FROM ${table} t`)).map((r) => r.row).sort()),
  );
  return Object.fromEntries(tables.map((table, index) => [table, rows[index]!]));
}

/** Every projection's checkpoint has reached the newest event. */
async function projectionsCaughtUp(): Promise<void> {
  const [head] = await query<{ tx: string; position: string }>(
    stack.databaseUrl,
    'SELECT transaction_id::text AS tx, global_position::text AS position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  await eventually(async () => {
    const lagging = await query(stack.databaseUrl, 'SELECT name FROM projection_checkpoints WHERE (last_transaction_id, last_position) < ($1::xid8, $2::bigint)', [
      head!.tx,
      head!.position,
    ]);
    return lagging.length === 0;
  }, 'the projections to catch up');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() && statSync(path).size < 50_000_000 ? [path] : [];
  });
}

/** Every table of every schema holding one of the needles in any column. */
async function tablesHolding(needles: readonly string[]): Promise<string[]> {
  const tables = await query<{ schema: string; name: string }>(
    stack.databaseUrl,
    "SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')",
  );
  const found: string[] = [];
  for (const { schema, name } of tables) {
    const where = needles.map((_, index) => `strpos(lower(t::text), $${index + 1}) > 0`).join(' OR ');
    if ((await query(stack.databaseUrl, `SELECT 1 FROM "${schema}"."${name}" t WHERE ${where} LIMIT 1`, [...needles])).length > 0) found.push(`${schema}.${name}`);
  }
  return found;
}

function filesHolding(needles: readonly string[]): string[] {
  return filesUnder(stack.dataDir).filter((path) => needles.some((needle) => readFileSync(path).toString('latin1').toLowerCase().includes(needle)));
}

/** `npm run replay` of every projection: each rebuilt from zero. */
async function rebuildEveryProjection(): Promise<void> {
  for (const projection of (await query<{ name: string }>(stack.databaseUrl, 'SELECT name FROM projection_checkpoints ORDER BY name')).map((row) => row.name)) {
    await run(process.execPath, [join(projectRoot(), 'apps/projectors/dist/replay.js'), projection], {
      cwd: projectRoot(),
      env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir },
    });
  }
}

async function everyEventOpened(): Promise<StoredEvent[]> {
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  try {
    const keys = new PersonalDataKeys(loadPersonalDataSecret({}, { dataDir: stack.dataDir, create: false }), pool, { cacheMs: 0 });
    // Opened with every key that is left (personal and payment-records keys): whatever any key could still reveal is searched.
    const codec = new PersonalDataCodec(SEALED_DATA, keys);
    const store = new PostgresEventStore(pool, { notify: false });
    const all: StoredEvent[] = [];
    for (let cursor = START; ; ) {
      const batch = await codec.open(await store.readAll(cursor, 1000));
      if (batch.length === 0) return all;
      all.push(...batch);
      cursor = batch.at(-1)!;
    }
  } finally {
    await pool.end();
  }
}

describe('a person erased after deleting their account', () => {
  it('is found nowhere, while the projections rebuild to the same figures and support keeps the timeline', async () => {
    const username = `privacy-${randomBytes(6).toString('hex')}`;
    const email = `${username}@example.com`;
    const { access_token: token } = await confirmedUser(stack.baseUrl, email, PASSWORD);
    const userId = decodeJwt(token).sub!;

    // Generate, rate, share.
    const joke = await api('POST', '/api/generate', token, { comedian_style: 'Jerry Seinfeld', topic: 'airports', length: 'short', user_id: userId });
    expect(joke.status).toBe(200);
    const jokeId = joke.body.id as string;
    expect((await api('POST', `/api/jokes/${jokeId}/rate`, token, { rating: 5, user_id: userId })).status).toBe(200);
    expect((await api('POST', `/api/jokes/${jokeId}/share`, token, { platform: 'x', visitor_id: randomUUID(), user_id: userId })).status).toBe(200);

    // Subscribe with the test card, and pay once the trial is over.
    const checkout = await api('POST', '/api/create-subscription', token, { user_id: userId, email, plan_type: 'monthly' });
    expect(checkout.status).toBe(200);
    const card = { clientSecret: checkout.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };
    expect((await api('POST', '/api/local-billing/confirm-card', token, card)).status).toBe(200);
    await eventually(async () => (await query(stack.databaseUrl, "SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'TrialStarted'", [`subscription-${userId}`])).length > 0, 'the trial');
    expect((await api('POST', '/api/local-billing/clock/advance', undefined, { seconds: 4 * 86_400 })).status).toBe(200);
    await eventually(
      async () => (await query(stack.databaseUrl, "SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'SubscriptionActivated'", [`subscription-${userId}`])).length > 0,
      'the first payment',
    );

    // Export: everything, from the events.
    const exported = await api('GET', `/api/account/export?user_id=${userId}`, token);
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      user: { id: userId, email, username },
      jokes: [{ id: jokeId, rating: 5 }],
      ratings: [{ joke_id: jokeId, rating: 5 }],
      shares: [{ joke_id: jokeId, platform: 'x' }],
      subscription: { payments: [{ status: 'paid', currency: 'usd' }] },
    });

    // A support agent, for the audit afterwards.
    const supportEmail = `support-${randomBytes(4).toString('hex')}@example.com`;
    await confirmedUser(stack.baseUrl, supportEmail, PASSWORD);
    await tool('tools/grant-role.ts', supportEmail, 'support');
    const support = (await passwordSignIn(supportEmail)).body.access_token as string;

    await projectionsCaughtUp();
    const before = await snapshot(NON_PERSONAL);
    // The searches below do find the person while they exist.
    const needles = [email.toLowerCase(), username.toLowerCase()];
    expect(await tablesHolding(needles)).toEqual(expect.arrayContaining(['public.auth_users', 'public.users', 'local_stripe.objects']));
    expect(filesHolding(needles).length).toBeGreaterThan(0);

    // Delete: signed out everywhere, the subscription ended at the provider.
    const deleted = await api('POST', '/api/account/delete', token, { user_id: userId, password: PASSWORD });
    expect(deleted.status).toBe(200);
    await eventually(
      async () => (await query(stack.databaseUrl, "SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'SubscriptionEnded'", [`subscription-${userId}`])).length > 0,
      'the subscription to end',
    );

    // ERASURE_AFTER_DAYS=0: due at once; npm run erase-due erases, a second run finds nothing.
    const first = await tool('tools/erase-due.ts');
    expect(first.stdout).toContain(`${userId} erased`);
    expect((await tool('tools/erase-due.ts')).stdout).toContain('Erasures: none due');
    await eventually(async () => (await query(stack.databaseUrl, 'SELECT 1 FROM users WHERE id = $1 AND email IS NULL', [userId])).length > 0, 'the users row to forget');
    await projectionsCaughtUp();

    // Every projection rebuilt from zero equals the live one; the non-personal figures are those from before.
    const live = await snapshot(READ_MODEL_TABLES);
    await rebuildEveryProjection();
    const rebuilt = await snapshot(READ_MODEL_TABLES);
    expect(rebuilt).toEqual(live);
    expect(Object.fromEntries(NON_PERSONAL.map((table) => [table, rebuilt[table]]))).toEqual(before);
    expect(rebuilt.users!.find((row) => row.includes(userId))).toContain('"username":"erased-user"');

    // The address and the username: in no table of any schema...
    expect(await tablesHolding(needles)).toEqual([]);
    // ...in no event, opened with every key that is left...
    const events = JSON.stringify(await everyEventOpened(), (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)).toLowerCase();
    expect(needles.filter((needle) => events.includes(needle))).toEqual([]);
    // ...and in no file under DATA_DIR.
    expect(filesHolding(needles)).toEqual([]);

    // Support still reads the subscription's timeline, without personal data; the address leads nowhere.
    const audit = await api('GET', `/api/support/users/${userId}/subscription-history`, support);
    expect(audit.status).toBe(200);
    expect((audit.body.timeline as { type: string }[]).map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['CheckoutStarted', 'TrialStarted', 'SubscriptionActivated', 'SubscriptionEnded']),
    );
    expect(needles.filter((needle) => JSON.stringify(audit.body).toLowerCase().includes(needle))).toEqual([]);
    expect((await api('GET', `/api/support/subscription-history?email=${encodeURIComponent(email)}`, support)).status).toBe(404);

    // Erased: signing in is as for an unknown account, and the address registers again as a new person.
    expect((await passwordSignIn(email)).body).toMatchObject({ error_code: 'invalid_credentials' });
    const again = await api('POST', '/auth/v1/signup', undefined, { email, password: 'a new password 2', data: { age_confirmed: true } });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(userId);

    // The payment records stay readable after the erasure, for accounting: the provider's ids and the amounts.
    const ownPaymentEvents = async () => (await everyEventOpened()).filter((event) => event.streamId === `subscription-${userId}`);
    const idsIn = (events: readonly StoredEvent[]) =>
      [...new Set(events.flatMap(({ data }) => ['subscriptionId', 'customerId', 'invoiceId'].map((field) => (data as Record<string, unknown>)[field])))].filter(
        (value): value is string => typeof value === 'string' && value !== 'redacted',
      );
    const amountsIn = (events: readonly StoredEvent[]) =>
      events.flatMap(({ data }) => ['amount', 'amountPaid', 'amountDue'].map((field) => (data as Record<string, unknown>)[field])).filter((value) => typeof value === 'number');
    const kept = await ownPaymentEvents();
    const providerIds = idsIn(kept);
    expect(providerIds).toEqual(expect.arrayContaining([expect.stringMatching(/^sub_/), expect.stringMatching(/^cus_/), expect.stringMatching(/^in_/)]));
    expect(amountsIn(kept).length).toBeGreaterThan(0);
    expect((await tool('tools/erase-due.ts')).stdout).toContain('Payment records: none due');

    // PAYMENT_RECORDS_YEARS (7) after the erasure: its date moved back instead of waiting.
    await query(stack.databaseUrl, "UPDATE account_deletions SET erased_at = erased_at - interval '7 years 1 day' WHERE user_id = $1", [userId]);
    expect((await tool('tools/erase-due.ts')).stdout).toContain(`Payment records: ${userId} erased`);
    expect((await tool('tools/erase-due.ts')).stdout).toContain('Payment records: none due');
    await projectionsCaughtUp();
    const liveAfterRetention = await snapshot(READ_MODEL_TABLES);
    expect(liveAfterRetention.subscriptions!.filter((row) => row.includes(userId))).toEqual([]);
    expect(providerIds.filter((id) => JSON.stringify(liveAfterRetention).includes(id))).toEqual([]);
    await rebuildEveryProjection();
    expect(await snapshot(READ_MODEL_TABLES)).toEqual(liveAfterRetention);

    // Now the ids and amounts are in no event, opened with every key that is left; the facts stay.
    const allEvents = JSON.stringify(await everyEventOpened(), (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
    expect(providerIds.filter((id) => allEvents.includes(id))).toEqual([]);
    const gone = await ownPaymentEvents();
    expect(amountsIn(gone)).toEqual([]);
    expect(gone.map((event) => event.type)).toEqual([...kept.map((event) => event.type), 'PaymentRecordsErased']);
    // Support reads the timeline still, without them, once the running command API's key cache (30 s) has forgotten the key.
    const auditAfter = await eventually(
      async () => {
        const audit = await api('GET', `/api/support/users/${userId}/subscription-history`, support);
        return !providerIds.some((id) => JSON.stringify(audit.body).includes(id)) && audit;
      },
      'the command API to forget the destroyed key',
      40_000,
    );
    expect(auditAfter.status).toBe(200);
    expect((auditAfter.body.timeline as { type: string }[]).map((entry) => entry.type)).toEqual(
      expect.arrayContaining(['CheckoutStarted', 'TrialStarted', 'SubscriptionActivated', 'SubscriptionEnded']),
    );
  }, 300_000);
});
