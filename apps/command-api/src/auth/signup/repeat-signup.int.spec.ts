import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startAuthApp, type AuthApp } from '../../testing/auth-app.js';

// Pre-account hijack: someone signs up a stranger's address with a password of
// their own and never confirms; the owner later signs up and confirms. Played
// with supabase-js against the real command API and PostgreSQL.
let app: AuthApp;
beforeAll(async () => {
  app = await startAuthApp();
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

const attackerPassword = 'attacker horse';
const ownerPassword = 'owner battery staple';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

const client = (): SupabaseClient =>
  createClient(app.url, LOCAL_ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'implicit' } });

const signUp = async (email: string, password: string) => {
  const { error } = await client().auth.signUp({ email, password, options: { data: { age_confirmed: true } } });
  expect(error).toBeNull();
  await app.settle();
};

/** The links mailed to `to`, newest first. */
const mailedLinks = async (to: string): Promise<string[]> =>
  ((await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { links: string[] }[]).map((mail) => mail.links[0]!);

const open = async (link: string) => new URLSearchParams(new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!).hash.slice(1));

/** The attacker signed up long enough ago that a repeat sign-up mails again (GoTrue's once a minute). */
const signedUpEarlier = (email: string) => app.db.pool.query(`UPDATE auth_users SET confirmation_sent_at = now() - interval '2 minutes' WHERE email_normalized = $1`, [email]);

const signIn = (email: string, password: string) => client().auth.signInWithPassword({ email, password });

describe('a repeat sign-up of an unconfirmed address', () => {
  it("gives the account to whoever confirms: the attacker's earlier password fails after the victim confirms", async () => {
    const email = uniqueEmail('hijack');
    await signUp(email, attackerPassword);
    const [attackerLink] = await mailedLinks(email);
    await signedUpEarlier(email);

    await signUp(email, ownerPassword);
    const links = await mailedLinks(email);
    expect(links).toHaveLength(2);
    const confirmed = await open(links[0]!);
    expect(confirmed.get('type')).toBe('signup');
    expect(confirmed.get('access_token')).toEqual(expect.any(String));

    const attacker = await signIn(email, attackerPassword);
    expect(attacker.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const owner = await signIn(email, ownerPassword);
    expect(owner.error).toBeNull();
    expect(owner.data.session?.access_token).toEqual(expect.any(String));
    // Confirming voided the address's other links: the attacker's cannot set their password either.
    expect((await open(attackerLink!)).get('error_code')).toBe('otp_expired');
    expect((await signIn(email, attackerPassword)).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it("keeps the owner's link working when someone signs the address up again after them", async () => {
    const email = uniqueEmail('later-attacker');
    await signUp(email, ownerPassword);
    const [ownerLink] = await mailedLinks(email);
    await signedUpEarlier(email);
    await signUp(email, attackerPassword);
    expect(await mailedLinks(email)).toHaveLength(2);

    // The owner opens their own (older) mail: it still works, with their password.
    expect((await open(ownerLink!)).get('access_token')).toEqual(expect.any(String));
    expect((await signIn(email, ownerPassword)).error).toBeNull();
    expect((await signIn(email, attackerPassword)).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it("leaves the sign-up's password unusable when a reset link confirms the address", async () => {
    const email = uniqueEmail('reset-confirms');
    await signUp(email, attackerPassword);
    // The owner never signed up; they ask for a reset, and the link signs them in (confirming the address).
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    await app.settle();
    const recovered = await open((await mailedLinks(email))[0]!);
    expect(recovered.get('type')).toBe('recovery');
    expect(recovered.get('access_token')).toEqual(expect.any(String));

    expect((await signIn(email, attackerPassword)).error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it("refuses the unconfirmed account's password before confirmation", async () => {
    const email = uniqueEmail('unconfirmed-repeat');
    await signUp(email, attackerPassword);
    await signedUpEarlier(email);
    await signUp(email, ownerPassword);

    // Neither signs in; only the newest sign-up's password is told the address waits for confirmation.
    expect((await signIn(email, attackerPassword)).error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect((await signIn(email, ownerPassword)).error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('keeps the password of the sign-up whose link was opened, and a resent link keeps it too', async () => {
    const email = uniqueEmail('resent');
    await signUp(email, ownerPassword);
    const { error } = await client().auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    await app.settle();
    const [resent] = await mailedLinks(email);
    expect((await open(resent!)).get('access_token')).toEqual(expect.any(String));
    expect((await signIn(email, ownerPassword)).error).toBeNull();
  });

  it('keeps no password hash on a used confirmation link', async () => {
    const email = uniqueEmail('used-link');
    await signUp(email, ownerPassword);
    await open((await mailedLinks(email))[0]!);
    const { rows } = await app.db.pool.query(
      `SELECT t.password_hash FROM auth_one_time_tokens t JOIN auth_users u ON u.id = t.user_id WHERE u.email_normalized = $1 AND t.kind = 'confirmation'`,
      [email],
    );
    expect(rows).toEqual([{ password_hash: null }]);
  });
});
