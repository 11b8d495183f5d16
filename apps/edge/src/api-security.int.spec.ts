import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AppUser } from '@jokes/contracts';
import { generateKeyPair } from 'jose';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { TestIssuer } from './testing/test-issuer.js';

// Every API takes the caller from a verified token and nothing else.
let stack: RunningStack;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: issuer.env() });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 30_000);

const call = (method: string, path: string, token?: string, body?: unknown) =>
  fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function register(userId: string, email: string): Promise<void> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const event = { userId, email, username: email.split('@')[0], ageConfirmed: true, rememberMe: true, registeredAt: new Date().toISOString() };
  await db.query(
    `SELECT * FROM append_to_stream($1, 'no_stream', 0, ARRAY[$2::uuid], ARRAY['UserRegistered'], ARRAY[1], ARRAY[$3::jsonb], ARRAY['{}'::jsonb])`,
    [`user-${userId}`, randomUUID(), JSON.stringify(event)],
  );
  await db.end();
}

describe('forged or unusable tokens', () => {
  const userId = randomUUID();
  const history = `/api/jokes/history?user_id=${userId}`;

  it('refuses a token signed with another key with 401', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expect((await call('GET', history, await issuer.token(userId, {}, privateKey))).status).toBe(401);
  });

  it("refuses an unsigned token (alg 'none') with 401", async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: userId, aud: 'authenticated', iss: 'http://issuer.test/auth/v1', iat: now, exp: now + 3600 })}.`;
    expect((await call('GET', history, unsigned)).status).toBe(401);
  });

  it('refuses an expired token with 401', async () => {
    const expired = await issuer.token(userId, { expiresIn: '-1m' });
    const response = await call('GET', history, expired);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'Unauthorized' });
  });

  it('refuses a token for another audience with 401', async () => {
    expect((await call('GET', history, await issuer.token(userId, { aud: 'someone-else' }))).status).toBe(401);
  });

  it('refuses a token from another issuer with 401', async () => {
    expect((await call('GET', history, await issuer.token(userId, { iss: 'http://elsewhere.test/auth/v1' }))).status).toBe(401);
  });

  it('refuses a bad token even where anonymous calls are welcome', async () => {
    const response = await call('POST', '/api/generate', 'not-a-jwt', { comedian_style: 'x', topic: 'cats' });
    expect(response.status).toBe(401);
  });
});

describe("another user's id", () => {
  const me = randomUUID();
  const someoneElse = randomUUID();

  it('is refused with 403 when generating', async () => {
    const token = await issuer.token(me);
    const response = await call('POST', '/api/generate', token, { comedian_style: 'anyone', topic: 'cats', user_id: someoneElse });
    expect(response.status).toBe(403);
  });

  it('is refused with 403 when reading history', async () => {
    expect((await call('GET', `/api/jokes/history?user_id=${someoneElse}`, await issuer.token(me))).status).toBe(403);
  });

  it('is refused with 403 when syncing the user', async () => {
    expect((await call('POST', '/api/sync-user', await issuer.token(me), { id: someoneElse, force_refresh: true })).status).toBe(403);
  });
});

describe('calls that need a signed-in caller', () => {
  it('answers history without a token with 401', async () => {
    expect((await call('GET', `/api/jokes/history?user_id=${randomUUID()}`)).status).toBe(401);
  });

  it('answers sync-user without a token with 401', async () => {
    expect((await call('POST', '/api/sync-user', undefined, { id: randomUUID() })).status).toBe(401);
  });

  it('answers generate with a user_id but no token with 401, and without one generates anonymously', async () => {
    const comedians = (await (await call('GET', '/api/comedians')).json()) as { comedians: { name: string; tier: string }[] };
    const free = comedians.comedians.find((c) => c.tier === 'free')!.name;
    expect((await call('POST', '/api/generate', undefined, { comedian_style: free, topic: 'cats', user_id: randomUUID() })).status).toBe(401);
    const anonymous = await call('POST', '/api/generate', undefined, { comedian_style: free, topic: 'cats' });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toMatchObject({ user_id: null });
  });
});

describe('sync-user', () => {
  it("returns the caller's record from the users read model, without a subscription", async () => {
    const userId = randomUUID();
    await register(userId, 'ana@example.com');
    const response = await call('POST', '/api/sync-user', await issuer.token(userId, { app_metadata: { roles: ['analyst'] } }), {
      id: userId,
      email: 'ana@example.com',
      username: 'ana',
      force_refresh: true,
    });
    expect(response.status).toBe(200);
    const user = (await response.json()) as AppUser;
    expect(user).toMatchObject({
      id: userId,
      email: 'ana@example.com',
      username: 'ana',
      has_active_subscription: false,
      stripe_customer_id: null,
      email_confirmed: false,
      roles: ['analyst'],
    });
  });

  it('answers 404 for a token whose account does not exist', async () => {
    const userId = randomUUID();
    expect((await call('POST', '/api/sync-user', await issuer.token(userId), { id: userId })).status).toBe(404);
  });
});
