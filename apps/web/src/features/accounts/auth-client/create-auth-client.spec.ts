import { afterEach, describe, expect, it } from '@jest/globals';
import type { GoTrueClient } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY, LOCAL_ANON_KEY, type PublicConfig } from '@jokes/contracts';
import { anAuthUser } from '../../../testing/fake-auth-client';
import { createAuthClient } from './create-auth-client';
import { SessionLifetimeRequest } from './session-lifetime';

const ORIGIN = 'http://localhost:3000';
const config: PublicConfig = { supabaseUrl: null, supabaseAnonKey: LOCAL_ANON_KEY, devMailbox: false };

interface Recorded {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** GoTrue's answers to the two calls made here, every request recorded. */
function gotrue() {
  const requests: Recorded[] = [];
  const user = anAuthUser('ana@example.com');
  globalThis.fetch = async (input, init) => {
    const url = String(input);
    requests.push({ url, headers: new Headers(init?.headers), body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
    const answer = url.includes('/token?grant_type=password')
      ? { access_token: 'access-1', refresh_token: 'refresh-1', token_type: 'bearer', expires_in: 3600, expires_at: Math.floor(Date.now() / 1000) + 3600, user }
      : {};
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return requests;
}

const clients: GoTrueClient[] = [];
function client(settings: PublicConfig = config) {
  const created = createAuthClient(settings, ORIGIN, new SessionLifetimeRequest());
  clients.push(created);
  return created;
}

const realFetch = globalThis.fetch;
afterEach(async () => {
  for (const created of clients.splice(0)) await created.stopAutoRefresh();
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe('the auth client (auth-js, as supabase-js would set it up)', () => {
  it("signs in at this origin's /auth/v1 with the anon key as apikey and bearer, and keeps the session under the app's key", async () => {
    const requests = gotrue();

    const { error } = await client().signInWithPassword({ email: 'ana@example.com', password: 'secret1' });

    expect(error).toBeNull();
    const signIn = requests.find(({ url }) => url.includes('grant_type=password'));
    expect(signIn?.url).toBe(`${ORIGIN}/auth/v1/token?grant_type=password`);
    expect(signIn?.headers.get('apikey')).toBe(LOCAL_ANON_KEY);
    expect(signIn?.headers.get('authorization')).toBe(`Bearer ${LOCAL_ANON_KEY}`);
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({ access_token: 'access-1' });
  });

  it('asks for a reset link with a PKCE challenge, its verifier kept in this browser', async () => {
    const requests = gotrue();

    await client().resetPasswordForEmail('ana@example.com', { redirectTo: `${ORIGIN}/reset-password-confirm` });

    const recover = requests.find(({ url }) => url.includes('/recover'));
    expect(recover?.body.email).toBe('ana@example.com');
    expect(typeof recover?.body.code_challenge).toBe('string');
    // s256 where the browser has WebCrypto's digest, plain in jsdom.
    expect(['s256', 'plain']).toContain(recover?.body.code_challenge_method);
    expect(localStorage.getItem(`${AUTH_STORAGE_KEY}-code-verifier`)).not.toBeNull();
  });

  it('talks to a hosted Supabase project when the config names one', async () => {
    const requests = gotrue();

    await client({ ...config, supabaseUrl: 'https://project.supabase.co' }).signInWithPassword({ email: 'ana@example.com', password: 'secret1' });

    expect(requests.some(({ url }) => url === 'https://project.supabase.co/auth/v1/token?grant_type=password')).toBe(true);
  });

  it("refuses a missing URL or key in supabase-js's words", () => {
    expect(() => createAuthClient({ ...config, supabaseUrl: 'not a url' }, ORIGIN, new SessionLifetimeRequest())).toThrow(
      'Invalid supabaseUrl: Must be a valid HTTP or HTTPS URL.',
    );
    expect(() => createAuthClient({ ...config, supabaseAnonKey: '' }, ORIGIN, new SessionLifetimeRequest())).toThrow('supabaseKey is required.');
  });
});
