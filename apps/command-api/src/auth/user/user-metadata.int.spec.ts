import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { decodeJwt } from 'jose';
import { startAuthApp, type AuthApp } from '../../testing/auth-app.js';

// User metadata is bounded where it is written (sign-up data, PUT /user) and
// never copied into access tokens: a 60 KB blob once made 81 KB tokens, and
// every later request answered 431.
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
/** A metadata object whose JSON is exactly `bytes` long. */
const metadataOf = (bytes: number) => ({ notes: 'x'.repeat(bytes - '{"notes":""}'.length) });

const gotrue = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/auth/v1${path}`, {
    method,
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });

async function signedIn(email: string): Promise<{ access_token: string; refresh_token: string }> {
  await gotrue('POST', '/signup', { email, password, data: { age_confirmed: true } });
  await app.settle();
  const [mail] = (await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
  await fetch(mail!.links[0]!, { redirect: 'manual' });
  return (await gotrue('POST', '/token?grant_type=password', { email, password })).json() as Promise<{ access_token: string; refresh_token: string }>;
}

describe('PUT /auth/v1/user with user metadata', () => {
  it('refuses 60 KB of metadata with 400 validation_failed and keeps what was there', async () => {
    const { access_token } = await signedIn(uniqueEmail('huge'));
    const auth = { authorization: `Bearer ${access_token}` };
    const response = await gotrue('PUT', '/user', { data: metadataOf(60_000) }, auth);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: expect.stringContaining('at most 4096 bytes') });
    const user = (await (await gotrue('GET', '/user', undefined, auth)).json()) as { user_metadata: Record<string, unknown> };
    expect(user.user_metadata).not.toHaveProperty('notes');
  });

  it('counts what is already stored: two updates that each fit but together do not, the second is refused', async () => {
    const { access_token } = await signedIn(uniqueEmail('merge'));
    const auth = { authorization: `Bearer ${access_token}` };
    expect((await gotrue('PUT', '/user', { data: { first: 'x'.repeat(2500) } }, auth)).status).toBe(200);
    expect((await gotrue('PUT', '/user', { data: { second: 'x'.repeat(2500) } }, auth)).status).toBe(400);
    expect((await gotrue('PUT', '/user', { data: { first: 'shorter', second: 'x'.repeat(2500) } }, auth)).status).toBe(200);
  });

  it('keeps access tokens small: 4 KB of metadata is stored and shown, but not copied into the token', async () => {
    const { refresh_token } = await signedIn(uniqueEmail('small-token'));
    const first = (await (await gotrue('POST', '/token?grant_type=refresh_token', { refresh_token })).json()) as { access_token: string; refresh_token: string };
    const stored = await gotrue('PUT', '/user', { data: { notes: 'x'.repeat(3800) } }, { authorization: `Bearer ${first.access_token}` });
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { user_metadata: Record<string, unknown> }).user_metadata.notes).toHaveLength(3800);

    const refreshed = (await (await gotrue('POST', '/token?grant_type=refresh_token', { refresh_token: first.refresh_token })).json()) as { access_token: string };
    expect(refreshed.access_token.length).toBeLessThan(2048);
    expect(decodeJwt(refreshed.access_token).user_metadata).toEqual({
      sub: expect.any(String),
      email: expect.any(String),
      email_verified: true,
      phone_verified: false,
    });
  });
});

describe('POST /auth/v1/signup with data', () => {
  it('refuses sign-up data over 4 KB with 400 validation_failed and creates no account', async () => {
    const email = uniqueEmail('signup-huge');
    const response = await gotrue('POST', '/signup', { email, password, data: { age_confirmed: true, ...metadataOf(5000) } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'validation_failed', msg: expect.stringContaining('at most 4096 bytes') });
    expect((await app.db.pool.query('SELECT 1 FROM auth_users WHERE email_normalized = $1', [email])).rowCount).toBe(0);
  });

  it('accepts sign-up data within the bound', async () => {
    expect((await gotrue('POST', '/signup', { email: uniqueEmail('signup-ok'), password, data: { age_confirmed: true, ...metadataOf(3000) } })).status).toBe(200);
  });
});
