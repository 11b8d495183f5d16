import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { decodeJwt } from 'jose';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';

// The product's account endpoints (/api/logout, /api/auth/reset-password,
// /api/auth/sync-password-reset) against the real command API and PostgreSQL.
let app: AuthApp;
beforeAll(async () => {
  app = await startAuthApp();
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

const password = 'correct horse';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

const gotrue = (path: string, body?: object, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/auth/v1${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
const api = (path: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** The newest link mailed to `to`, opened without following the redirect. */
async function openMailedLink(to: string): Promise<URL> {
  await app.settle();
  const [mail] = (await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { links: string[] }[];
  const response = await fetch(mail!.links[0]!, { redirect: 'manual' });
  return new URL(response.headers.get('location')!);
}

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function confirmedAccount(email: string): Promise<void> {
  await gotrue('/signup', { email, password, data: { age_confirmed: true } });
  await openMailedLink(email);
}

const signIn = async (email: string, pass = password) => (await gotrue('/token?grant_type=password', { email, password: pass })).json() as Promise<{ access_token: string; refresh_token: string }>;

async function recoveryAccessToken(email: string): Promise<string> {
  await gotrue('/recover', { email });
  return new URLSearchParams((await openMailedLink(email)).hash.slice(1)).get('access_token')!;
}

const events = async (type: string, userId: string) =>
  (await app.db.pool.query('SELECT data FROM events WHERE stream_id = $1 AND event_type = $2 ORDER BY stream_version', [`user-${userId}`, type])).rows.map((row) => row.data);

describe('POST /api/auth/reset-password', () => {
  it('sets the password with the access token from a reset link, ends every session, and records the reset', async () => {
    const email = uniqueEmail('reset');
    await confirmedAccount(email);
    const before = await signIn(email);
    const token = await recoveryAccessToken(email);

    const response = await api('/api/auth/reset-password', { token, password: 'new password' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Your password has been successfully updated.' });
    expect((await gotrue('/token?grant_type=password', { email, password })).status).toBe(400);
    expect((await gotrue('/token?grant_type=password', { email, password: 'new password' })).status).toBe(200);
    expect((await gotrue('/token?grant_type=refresh_token', { refresh_token: before.refresh_token })).status).toBe(400);
    const userId = decodeJwt(before.access_token).sub!;
    expect(await events('PasswordChanged', userId)).toEqual([expect.objectContaining({ method: 'reset-endpoint' })]);
    expect((await events('SessionRevoked', userId)).map((event) => event.reason)).toEqual(['password-changed', 'password-changed', 'password-changed']);

    const reused = await api('/api/auth/reset-password', { token, password: 'third password' });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ error: 'invalid or expired', message: 'Your reset link has expired. Please request a new one.' });
  });

  it('sets the password with the PKCE code from a reset link, once', async () => {
    const email = uniqueEmail('reset-code');
    await confirmedAccount(email);
    const { challenge } = pkcePair();
    await gotrue('/recover', { email, code_challenge: challenge, code_challenge_method: 's256' });
    const code = (await openMailedLink(email)).searchParams.get('code')!;
    expect((await api('/api/auth/reset-password', { token: code, password: 'code password' })).status).toBe(200);
    expect((await api('/api/auth/reset-password', { token: code, password: 'code password 2' })).status).toBe(401);
    expect((await gotrue('/token?grant_type=password', { email, password: 'code password' })).status).toBe(200);
  });

  it('refuses a sign-in token, a sign-up code and garbage: only a reset link resets', async () => {
    const email = uniqueEmail('not-recovery');
    const { challenge } = pkcePair();
    await gotrue(`/signup?redirect_to=${encodeURIComponent(`${app.url}/auth/confirm`)}`, { email, password, data: { age_confirmed: true }, code_challenge: challenge, code_challenge_method: 's256' });
    const signupCode = (await openMailedLink(email)).searchParams.get('code')!;
    const { access_token } = await signIn(email);
    for (const token of [access_token, signupCode, 'garbage']) {
      expect((await api('/api/auth/reset-password', { token, password: 'whatever1' })).status).toBe(401);
    }
  });

  it("answers a short password with 400 and the SPEC's words", async () => {
    const response = await api('/api/auth/reset-password', { token: 'x', password: '123' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { password: ['Password must be at least 6 characters'] } });
  });
});

describe('POST /api/auth/sync-password-reset', () => {
  it('refuses a reset link of another address with 403', async () => {
    const email = uniqueEmail('sync-other');
    await confirmedAccount(email);
    const token = await recoveryAccessToken(email);
    expect((await api('/api/auth/sync-password-reset', { token, password: 'synced pw', user_email: 'someone@else.com' })).status).toBe(403);
  });

  it('is idempotent: a retry with the same password succeeds and records one change', async () => {
    const email = uniqueEmail('sync');
    await confirmedAccount(email);
    const token = await recoveryAccessToken(email);
    const body = { token, password: 'synced pw', user_email: email.toUpperCase() };
    expect((await api('/api/auth/sync-password-reset', body)).status).toBe(200);
    expect((await api('/api/auth/sync-password-reset', body)).status).toBe(200);
    const userId = decodeJwt(token).sub!;
    expect(await events('PasswordChanged', userId)).toHaveLength(1);
    expect((await api('/api/auth/sync-password-reset', { ...body, password: 'different pw' })).status).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it("ends the bearer's session and records SignedOut, and answers success with no or a bad token too", async () => {
    const email = uniqueEmail('logout');
    await confirmedAccount(email);
    const { access_token } = await signIn(email);
    expect(await (await api('/api/logout', {}, { authorization: `Bearer ${access_token}` })).json()).toEqual({ success: true });
    expect((await gotrue('/user', undefined, { authorization: `Bearer ${access_token}` })).status).toBe(403);
    expect(await events('SignedOut', decodeJwt(access_token).sub!)).toEqual([expect.objectContaining({ scope: 'local' })]);
    expect(await (await api('/api/logout', {})).json()).toEqual({ success: true });
    expect((await api('/api/logout', {}, { authorization: 'Bearer not-a-token' })).status).toBe(200);
  });
});
