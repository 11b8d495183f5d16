import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REVOCATION_BOUND_MS } from '@jokes/server/core';
import { decodeJwt } from 'jose';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { answersWithin } from '../../../tools/answers-within.ts';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { confirmedUser, supabaseClient, uniqueEmail } from './testing/auth-helpers.js';

// An access token whose session ended (or whose role was revoked) stops
// working at every API within 5 s, not when it expires an hour later: the
// whole product behind the edge, supabase-js, nothing mocked.
let stack: RunningStack;
const outbox = mkdtempSync(join(tmpdir(), 'auth-revocation-outbox-'));
const root = join(import.meta.dirname, '../../..');
const password = 'correct horse';

beforeAll(async () => {
  stack = await startStack({ env: { MAIL_OUTBOX_DIR: outbox, AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_MAILS_PER_ADDRESS: '50' } });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(outbox, { recursive: true, force: true });
}, 30_000);

const get = (path: string, token: string) => fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
/** The person's whole data, from the command API. */
const exportData = (token: string) => get(`/api/account/export?user_id=${decodeJwt(token).sub}`, token);
/** Their joke history, from the query API: a Pro feature, so a free account's accepted token gets 403 requiresPremium. */
const history = (token: string) => get(`/api/jokes/history?user_id=${decodeJwt(token).sub}`, token);
/** The local payment provider's card page: an unknown checkout is a 4xx of its own once the caller is accepted. */
const confirmCard = (token: string) =>
  fetch(`${stack.baseUrl}/api/local-billing/confirm-card`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ clientSecret: 'pi_unknown_secret_x', cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }),
  });
/** Analysts only, from the query API. */
const funnel = (token: string) => get('/api/analytics/funnel', token);

const grantRole = (...args: string[]) =>
  promisify(execFile)(process.execPath, [join(root, 'tools/grant-role.ts'), ...args], { cwd: root, env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir } });

describe('ended sessions at every API', () => {
  it('refuses an access token within 5 s of a global logout on both APIs (and the local payment provider)', async () => {
    const email = uniqueEmail('global-logout');
    const { access_token } = await confirmedUser(stack.baseUrl, email, password);
    expect((await exportData(access_token)).status).toBe(200);
    expect(await (await history(access_token)).json()).toMatchObject({ requiresPremium: true });
    expect((await confirmCard(access_token)).status).not.toBe(401);

    // "Sign out everywhere", from another device.
    const other = supabaseClient(stack.baseUrl);
    expect((await other.auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull();

    await answersWithin(() => exportData(access_token), 401, REVOCATION_BOUND_MS);
    await answersWithin(() => history(access_token), 401, REVOCATION_BOUND_MS);
    await answersWithin(() => confirmCard(access_token), 401, REVOCATION_BOUND_MS);
  });

  it('voids tokens when a role is revoked (npm run grant-role -- --revoke); a refreshed token works without the role', async () => {
    const email = uniqueEmail('analyst');
    await confirmedUser(stack.baseUrl, email, password);
    await grantRole(email, 'analyst');
    const client = supabaseClient(stack.baseUrl);
    const { data } = await client.auth.signInWithPassword({ email, password });
    const token = data.session!.access_token;
    expect((await funnel(token)).status).toBe(200);

    const { stdout } = await grantRole(email, 'analyst', '--revoke');
    expect(stdout).toContain(`Revoked analyst from ${email}`);
    await answersWithin(() => funnel(token), 401, REVOCATION_BOUND_MS);
    expect((await exportData(token)).status).toBe(401);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const fresh = refreshed.data.session!.access_token;
    expect((await exportData(fresh)).status).toBe(200);
    expect((await funnel(fresh)).status).toBe(403);
  });
});
