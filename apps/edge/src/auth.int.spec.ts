import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isAuthWeakPasswordError, type AuthError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { confirmedUser, followLink, memoryStorage, publicUrlOf, query, SIGNUP_DATA, supabaseClient, uniqueEmail, waitForMail } from './testing/auth-helpers.js';

// supabase-js itself, in Node, against the product's own auth service behind
// the edge: the same calls the browser makes, nothing mocked.
let stack: RunningStack;
let site: string;
const outbox = mkdtempSync(join(tmpdir(), 'auth-outbox-'));

beforeAll(async () => {
  // Limits high enough for a whole suite from one address; auth-security tests the defaults.
  stack = await startStack({
    env: { MAIL_OUTBOX_DIR: outbox, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_MAILS_PER_ADDRESS: '50', AUTH_RATE_LIMIT_PASSWORD_PER_ADDRESS: '50' },
  });
  site = publicUrlOf(stack.baseUrl);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(outbox, { recursive: true, force: true });
}, 30_000);

const password = 'correct horse';

describe('sign-up with e-mail confirmation', () => {
  it('signs up without a session, mails a link to /verify, and the link signs the user in on /auth/confirm', async () => {
    const email = uniqueEmail('signup');
    const client = supabaseClient(stack.baseUrl);
    const { data, error } = await client.auth.signUp({ email, password, options: { emailRedirectTo: `${site}/auth/confirm`, data: SIGNUP_DATA } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { username: email.split('@')[0], remember_me: true } });
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const mail = await waitForMail(stack.baseUrl, email, 'Confirm your Standup Jokes AI account');
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${site}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${site}/auth/confirm`);

    const { status, location, hash } = await followLink(mail.links[0]!);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${site}/auth/confirm`);
    expect(hash.get('type')).toBe('signup');
    expect(hash.get('token_type')).toBe('bearer');
    expect(Number(hash.get('expires_in'))).toBe(3600);

    const { data: session, error: sessionError } = await client.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    expect(sessionError).toBeNull();
    expect(session.user?.email_confirmed_at).toEqual(expect.any(String));

    const events = await query<{ event_type: string }>(stack.databaseUrl, 'SELECT event_type FROM events WHERE stream_id = $1 ORDER BY stream_version', [`user-${data.user!.id}`]);
    expect(events.map((event) => event.event_type)).toEqual(['UserRegistered', 'EmailConfirmed', 'SignedIn']);
  });

  it('refuses to sign in before the address is confirmed with email_not_confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    const client = supabaseClient(stack.baseUrl);
    await client.auth.signUp({ email, password, options: { data: SIGNUP_DATA } });
    const { error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('refuses a sign-up without the 18+ confirmation with 422 and says why', async () => {
    const { error } = await supabaseClient(stack.baseUrl).auth.signUp({ email: uniqueEmail('minor'), password, options: { data: { remember_me: true } } });
    expect(error).toMatchObject({ status: 422, message: 'You must confirm that you are 18 or older to sign up.' });
  });

  it('refuses a weak password as supabase-js expects (isAuthWeakPasswordError, reasons length)', async () => {
    const { error } = await supabaseClient(stack.baseUrl).auth.signUp({ email: uniqueEmail('weak'), password: '12345', options: { data: SIGNUP_DATA } });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
  });

  it('redirects a used link to the page with otp_expired in the fragment', async () => {
    const email = uniqueEmail('twice');
    await supabaseClient(stack.baseUrl).auth.signUp({ email, password, options: { emailRedirectTo: `${site}/auth/confirm`, data: SIGNUP_DATA } });
    const mail = await waitForMail(stack.baseUrl, email, 'Confirm');
    expect((await followLink(mail.links[0]!)).hash.get('access_token')).toBeTruthy();
    const again = await followLink(mail.links[0]!);
    expect(again.status).toBe(303);
    expect(again.location.toString()).toBe(`${site}/auth/confirm#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`);
  });

  it('answers verifyOtp with an unknown token_hash with otp_expired', async () => {
    const { error } = await supabaseClient(stack.baseUrl).auth.verifyOtp({ token_hash: 'no-such-token', type: 'signup' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });
});

describe('password sign-in and sessions', () => {
  it('signs in, gets the user, and refreshes with a new (rotated) refresh token', async () => {
    const email = uniqueEmail('login');
    await confirmedUser(stack.baseUrl, email, password);
    const client = supabaseClient(stack.baseUrl);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ sub: data.user!.id, aud: 'authenticated', role: 'authenticated', amr: [{ method: 'password' }] });
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(data.session!.refresh_token);
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(decodeJwt(data.session!.access_token).session_id);
  });

  it('refuses a wrong password with invalid_credentials', async () => {
    const email = uniqueEmail('wrong');
    await confirmedUser(stack.baseUrl, email, password);
    const { error } = await supabaseClient(stack.baseUrl).auth.signInWithPassword({ email, password: 'not the password' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('revokes the whole session when an already-rotated refresh token comes back', async () => {
    const email = uniqueEmail('reuse');
    await confirmedUser(stack.baseUrl, email, password);
    const client = supabaseClient(stack.baseUrl);
    const first = (await client.auth.signInWithPassword({ email, password })).data.session!;
    const second = (await client.auth.refreshSession()).data.session!;

    const thief = supabaseClient(stack.baseUrl);
    const reused = await thief.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    const owner = await supabaseClient(stack.baseUrl).auth.refreshSession({ refresh_token: second.refresh_token });
    expect(owner.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect((await supabaseClient(stack.baseUrl).auth.getUser(second.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
    const revoked = await query(stack.databaseUrl, `SELECT data FROM events WHERE stream_id = $1 AND event_type = 'SessionRevoked'`, [`user-${first.user.id}`]);
    expect(revoked).toEqual([{ data: expect.objectContaining({ sessionId: decodeJwt(first.access_token).session_id, reason: 'refresh-token-reused' }) }]);
  });

  it('ends a session of 86400 s when the web asks for it with X-Session-Lifetime (remember-me off)', async () => {
    const email = uniqueEmail('short');
    await confirmedUser(stack.baseUrl, email, password);
    const shortLived: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (String(input).includes('grant_type=password')) headers.set('X-Session-Lifetime', '86400');
      return fetch(input, { ...init, headers });
    };
    const { data } = await supabaseClient(stack.baseUrl, { fetch: shortLived }).auth.signInWithPassword({ email, password });
    const sessionId = decodeJwt(data.session!.access_token).session_id;
    const [row] = await query<{ lifetime: number; remember_me: boolean }>(
      stack.databaseUrl,
      'SELECT extract(epoch FROM not_after - created_at)::int AS lifetime, remember_me FROM auth_sessions WHERE id = $1',
      [sessionId],
    );
    expect(row).toEqual({ lifetime: 86400, remember_me: false });
  });

  it('signs out: the session stops working and SignedOut is recorded', async () => {
    const email = uniqueEmail('logout');
    await confirmedUser(stack.baseUrl, email, password);
    const client = supabaseClient(stack.baseUrl);
    const session = (await client.auth.signInWithPassword({ email, password })).data.session!;
    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect((await supabaseClient(stack.baseUrl).auth.getUser(session.access_token)).error).toMatchObject({ name: 'AuthSessionMissingError' });
    expect((await supabaseClient(stack.baseUrl).auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({ code: 'refresh_token_not_found' });
    const events = await query(stack.databaseUrl, `SELECT data FROM events WHERE stream_id = $1 AND event_type = 'SignedOut'`, [`user-${session.user.id}`]);
    expect(events).toEqual([{ data: expect.objectContaining({ scope: 'global' }) }]);
  });
});

describe('PKCE (flowType pkce, verifier in storage)', () => {
  it('sends the confirmation link back with ?code= that exchangeCodeForSession redeems once', async () => {
    const email = uniqueEmail('pkce');
    const storage = memoryStorage();
    const client = supabaseClient(stack.baseUrl, { flowType: 'pkce', storage });
    await client.auth.signUp({ email, password, options: { emailRedirectTo: `${site}/auth/confirm`, data: SIGNUP_DATA } });
    const verifiers = new Map(storage.items);
    const { location, query: params, hash } = await followLink((await waitForMail(stack.baseUrl, email, 'Confirm')).links[0]!);
    expect(location.pathname).toBe('/auth/confirm');
    expect(hash.get('access_token')).toBeNull();
    const code = params.get('code')!;

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String));
    expect(decodeJwt(data.session!.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
    // The same verifier again (as an attacker who copied the browser's storage would): the code is spent.
    for (const [key, value] of verifiers) storage.setItem(key, value);
    const again = await client.auth.exchangeCodeForSession(code);
    expect(again.error).toMatchObject({ status: 404, code: 'flow_state_not_found' });
  });
});

describe('password reset and change', () => {
  it('resets through the mailed link (implicit): the recovery session sets a new password, the old one stops working', async () => {
    const email = uniqueEmail('reset');
    await confirmedUser(stack.baseUrl, email, password);
    const client = supabaseClient(stack.baseUrl);
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: `${site}/reset-password-confirm` })).error).toBeNull();
    const mail = await waitForMail(stack.baseUrl, email, 'Reset your');
    const { location, hash } = await followLink(mail.links[0]!);
    expect(location.pathname).toBe('/reset-password-confirm');
    expect(hash.get('type')).toBe('recovery');
    expect(decodeJwt(hash.get('access_token')!).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);

    await client.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    expect((await client.auth.updateUser({ password: 'a brand new one' })).error).toBeNull();

    const fresh = supabaseClient(stack.baseUrl);
    expect((await fresh.auth.signInWithPassword({ email, password })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await fresh.auth.signInWithPassword({ email, password: 'a brand new one' })).error).toBeNull();
  });

  it('resets with PKCE: the link carries a code the requesting client exchanges for a recovery session', async () => {
    const email = uniqueEmail('reset-pkce');
    await confirmedUser(stack.baseUrl, email, password);
    const client = supabaseClient(stack.baseUrl, { flowType: 'pkce' });
    await client.auth.resetPasswordForEmail(email, { redirectTo: `${site}/reset-password-confirm` });
    const { query: params } = await followLink((await waitForMail(stack.baseUrl, email, 'Reset your')).links[0]!);
    const { data, error } = await client.auth.exchangeCodeForSession(params.get('code')!);
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    expect((await client.auth.updateUser({ password: 'pkce new password' })).error).toBeNull();
    expect((await supabaseClient(stack.baseUrl).auth.signInWithPassword({ email, password: 'pkce new password' })).error).toBeNull();
  });

  it('answers recover with 200 whether or not the address has an account', async () => {
    const { data, error } = await supabaseClient(stack.baseUrl).auth.resetPasswordForEmail(uniqueEmail('nobody'));
    expect(error).toBeNull();
    expect(data).toEqual({});
  });

  it('changes the password of a signed-in user with updateUser, refusing a weak or unchanged one', async () => {
    const email = uniqueEmail('change');
    await confirmedUser(stack.baseUrl, email, password);
    const client = supabaseClient(stack.baseUrl);
    await client.auth.signInWithPassword({ email, password });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect((await client.auth.updateUser({ password })).error as AuthError).toMatchObject({ status: 422, code: 'same_password' });
    expect((await client.auth.updateUser({ password: 'changed password' })).error).toBeNull();
    expect((await supabaseClient(stack.baseUrl).auth.signInWithPassword({ email, password: 'changed password' })).error).toBeNull();
    const [changed] = await query(stack.databaseUrl, `SELECT data FROM events WHERE event_type = 'PasswordChanged' AND data->>'userId' = $1`, [
      (await client.auth.getUser()).data.user!.id,
    ]);
    expect(changed).toEqual({ data: expect.objectContaining({ method: 'account-settings' }) });
  });
});
