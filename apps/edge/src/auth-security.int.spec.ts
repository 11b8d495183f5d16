import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { confirmedUser, publicUrlOf, query, SIGNUP_DATA, supabaseClient, uniqueEmail, waitForMail } from './testing/auth-helpers.js';
import { reservationStreamOf } from './testing/reservation-stream.js';
import { serviceSigningKey } from './testing/service-signing-key.js';

// The auth service under attack: forged tokens, racing sign-ups, guessing,
// flooding. `relaxed` lifts the limits so those tests measure only what they
// mean to; `defaults` runs with the shipped limits (in one long window, so a
// test never straddles a window boundary and sees its count reset).
let relaxed: RunningStack;
let defaults: RunningStack;
const outboxes = [mkdtempSync(join(tmpdir(), 'auth-sec-')), mkdtempSync(join(tmpdir(), 'auth-sec-'))];
const SIGNING_SECRET = randomBytes(32).toString('base64url');

beforeAll(async () => {
  [relaxed, defaults] = await Promise.all([
    startStack({
      env: {
        MAIL_OUTBOX_DIR: outboxes[0]!,
        AUTH_RATE_LIMIT_PER_IP: '1000',
        AUTH_RATE_LIMIT_MAILS_PER_ADDRESS: '100',
        AUTH_RATE_LIMIT_PASSWORD_PER_ADDRESS: '100',
        AUTH_SIGNING_KEY_SECRET: SIGNING_SECRET,
      },
    }),
    startStack({ env: { MAIL_OUTBOX_DIR: outboxes[1]!, AUTH_RATE_LIMIT_WINDOW_SECONDS: String(365 * 86_400) } }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([relaxed?.stop(), defaults?.stop()]);
  for (const dir of outboxes) rmSync(dir, { recursive: true, force: true });
}, 30_000);

const password = 'correct horse';
const auth = (stack: RunningStack, path: string, init: RequestInit = {}) =>
  fetch(`${stack.baseUrl}/auth/v1${path}`, { ...init, headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
const getUser = (token: string) => auth(relaxed, '/user', { headers: { authorization: `Bearer ${token}` } });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('forged access tokens at GET /auth/v1/user', () => {
  let genuine: string;
  let claims: JWTPayload;
  let sign: (payload: JWTPayload) => Promise<string>;

  beforeAll(async () => {
    const email = uniqueEmail('forged');
    await confirmedUser(relaxed.baseUrl, email, password);
    genuine = (await supabaseClient(relaxed.baseUrl).auth.signInWithPassword({ email, password })).data.session!.access_token;
    claims = decodeJwt(genuine);
    // The service's own key, read from its table: a forger with the right key but the wrong claims.
    const { kid, key } = await serviceSigningKey(relaxed.databaseUrl, SIGNING_SECRET);
    sign = (payload) => new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key);
  }, 30_000);

  it('accepts the genuine token (the control)', async () => {
    expect((await getUser(genuine)).status).toBe(200);
  });

  it('refuses a token signed with another key under the same kid with 401 bad_jwt', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(genuine).kid }).sign(privateKey);
    const response = await getUser(forged);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, error_code: 'bad_jwt' });
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    expect((await getUser(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).status).toBe(401);
  });

  it('refuses an expired token, even with the right key', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await getUser(await sign({ ...claims, iat: now - 7200, exp: now - 3600 }))).status).toBe(401);
  });

  it('refuses a token for another audience, even with the right key', async () => {
    expect((await getUser(await sign({ ...claims, aud: 'anon' }))).status).toBe(401);
  });

  it('refuses a token of another issuer, even with the right key', async () => {
    expect((await getUser(await sign({ ...claims, iss: 'https://evil.example/auth/v1' }))).status).toBe(401);
  });

  it('refuses requests without the project apikey, as Supabase does', async () => {
    const response = await fetch(`${relaxed.baseUrl}/auth/v1/user`, { headers: { authorization: `Bearer ${genuine}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_code: 'no_api_key' });
  });
});

describe('one address, one account', () => {
  it('lets exactly one of 20 concurrent sign-ups of an address create the account; all 20 answer alike', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => supabaseClient(relaxed.baseUrl).auth.signUp({ email, password, options: { data: SIGNUP_DATA } })),
    );
    expect(answers.map((answer) => answer.error)).toEqual(Array(20).fill(null));
    expect(new Set(answers.map((answer) => Object.keys(answer.data.user!).sort().join()))).toHaveProperty('size', 1);

    const accounts = await query(relaxed.databaseUrl, 'SELECT id FROM auth_users WHERE email_normalized = $1', [email]);
    // The address is sealed in the events: the reservation names the one owner, whose stream holds the one registration.
    const reservations = await query<{ data: { userId: string } }>(relaxed.databaseUrl, 'SELECT data FROM events WHERE stream_id = $1', [
      reservationStreamOf(relaxed.dataDir, email),
    ]);
    const owner = reservations[0]?.data.userId;
    const registered = await query<{ stream_id: string }>(relaxed.databaseUrl, `SELECT stream_id FROM events WHERE event_type = 'UserRegistered' AND stream_id = $1`, [`user-${owner}`]);
    expect(accounts).toHaveLength(1);
    expect(owner).toBe((accounts[0] as { id: string }).id);
    expect(registered.map((row) => row.stream_id)).toEqual([`user-${owner}`]);
    expect(reservations).toHaveLength(1);
    await waitForMail(relaxed.baseUrl, email, 'Confirm');
  });

  it("answers a sign-up of a taken address like a new one and leaves the owner's password alone", async () => {
    const email = uniqueEmail('taken');
    await confirmedUser(relaxed.baseUrl, email, password);
    const { data, error } = await supabaseClient(relaxed.baseUrl).auth.signUp({ email, password: 'attacker password', options: { data: SIGNUP_DATA } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, identities: [expect.objectContaining({ provider: 'email' })] });
    expect((await supabaseClient(relaxed.baseUrl).auth.signInWithPassword({ email, password: 'attacker password' })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await supabaseClient(relaxed.baseUrl).auth.signInWithPassword({ email, password })).error).toBeNull();
  });
});

describe('no account enumeration', () => {
  const attempt = async (email: string) => {
    const started = performance.now();
    const response = await auth(relaxed, '/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'wrong password' }) });
    return { status: response.status, body: await response.json(), ms: performance.now() - started };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('answers a wrong password and an unknown address with the same status, body and about the same time', async () => {
    const known = uniqueEmail('known');
    await confirmedUser(relaxed.baseUrl, known, password);
    const wrong: Awaited<ReturnType<typeof attempt>>[] = [];
    const unknown: Awaited<ReturnType<typeof attempt>>[] = [];
    for (let round = 0; round < 7; round++) {
      wrong.push(await attempt(known));
      unknown.push(await attempt(uniqueEmail('unknown')));
    }
    expect(new Set([...wrong, ...unknown].map(({ status, body }) => JSON.stringify({ status, body })))).toEqual(
      new Set([JSON.stringify({ status: 400, body: { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' } })]),
    );
    // Both verify an argon2 hash (a dummy one for the unknown address), so neither is a shortcut.
    const ratio = median(unknown.map((a) => a.ms)) / median(wrong.map((a) => a.ms));
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('sends a mailed link only to allowed pages: a foreign redirect_to falls back to the product', async () => {
    const email = uniqueEmail('redirect');
    await supabaseClient(relaxed.baseUrl).auth.signUp({ email, password, options: { emailRedirectTo: 'https://evil.example/steal', data: SIGNUP_DATA } });
    const link = new URL((await waitForMail(relaxed.baseUrl, email, 'Confirm')).links[0]!);
    expect(link.searchParams.get('redirect_to')).toBe(`${publicUrlOf(relaxed.baseUrl)}/auth/confirm`);
  });
});

describe('rate limits (the shipped limits, counted in PostgreSQL)', () => {
  const post = (path: string, body: object) => auth(defaults, path, { method: 'POST', body: JSON.stringify(body) });

  it('allows 10 password attempts per address per window, then answers 429 over_request_rate_limit', async () => {
    const email = uniqueEmail('guess');
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/token?grant_type=password', { email, password: `guess ${i}` })).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect(await (await post('/token?grant_type=password', { email, password })).json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
  });

  it('sends at most 5 mails to an address per window, then answers 429 over_email_send_rate_limit', async () => {
    const email = uniqueEmail('flood');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/recover', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await (await post('/recover', { email })).json()).toMatchObject({ error_code: 'over_email_send_rate_limit' });
  });

  it('allows 30 sign-ups, recovers and resends together per client address per window, then answers 429 over_request_rate_limit', async () => {
    // This client (the loopback, for every request here) already sent the 7 recovers of the mail flood above.
    const left = 30 - 7;
    const statuses = [];
    for (let i = 0; i <= left; i++) {
      const email = uniqueEmail('bulk');
      const answer = i % 2 === 0 ? await post('/signup', { email, password, data: SIGNUP_DATA }) : await post('/resend', { type: 'signup', email });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(left).fill(200), 429]);
  }, 30_000);
});
