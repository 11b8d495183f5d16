import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { announceRevocations, REVOCATION_BOUND_MS, revokeRoleTokens, TokenVerifier } from '@jokes/server';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { answersWithin } from '../../../../../tools/answers-within.ts';
import { startAuthApp, type AuthApp } from '../../testing/auth-app.js';
import { signedInUser } from '../../testing/signed-in-user.js';
import { UserCommands } from '../user-commands.js';

// An ended session's access tokens stop working at the command API's own
// routes (GET /api/account/export: the person's whole data) within 5 s,
// checked against a list kept in memory, not the database per request.
let app: AuthApp;
beforeAll(async () => {
  app = await startAuthApp();
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

const exportData = (token: string) =>
  fetch(`${app.url}/api/account/export?user_id=${decodeJwt(token).sub}`, { headers: { authorization: `Bearer ${token}` } });

const refreshGrant = async (refreshToken: string) =>
  (await (
    await fetch(`${app.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })
  ).json()) as { access_token: string; refresh_token: string };

const passwordGrant = async (email: string, password = 'correct horse') =>
  (await (
    await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).json()) as { access_token: string; refresh_token: string };

describe('ended sessions at the command API', () => {
  it('refuses a token after a password change, and keeps the session the change was made from', async () => {
    const user = await signedInUser(app, 'password-change');
    const other = await passwordGrant(user.email);
    expect((await exportData(other.access_token)).status).toBe(200);

    const changed = await fetch(`${app.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a brand new horse' }),
    });
    expect(changed.status).toBe(200);

    await answersWithin(() => exportData(other.access_token), 401, REVOCATION_BOUND_MS);
    expect(await (await exportData(other.access_token)).json()).toMatchObject({ message: 'Your session has expired or is invalid. Please log in again.' });
    expect((await exportData(user.token)).status).toBe(200);
  });

  it('refuses a token after a sign-out of its session with supabase-js', async () => {
    const user = await signedInUser(app, 'local-logout');
    const client = createClient(app.url, LOCAL_ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
    const { data } = await client.auth.signInWithPassword({ email: user.email, password: 'correct horse' });
    const token = data.session!.access_token;
    expect((await exportData(token)).status).toBe(200);
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    await answersWithin(() => exportData(token), 401, REVOCATION_BOUND_MS);
    // Only that session ended.
    expect((await exportData(user.token)).status).toBe(200);
  });

  it('refuses a token after the account deletion request', async () => {
    const user = await signedInUser(app, 'deletion');
    const deleted = await fetch(`${app.url}/api/account/delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: user.id, password: 'correct horse' }),
    });
    expect(deleted.status).toBe(200);
    await answersWithin(() => exportData(user.token), 401, REVOCATION_BOUND_MS);
  });

  it('refuses a revoked session whose announcement was missed, from the periodic refresh', async () => {
    const user = await signedInUser(app, 'missed-notify');
    // Written behind the product's back: no NOTIFY, as if the listener's connection had dropped.
    await app.db.pool.query(`INSERT INTO auth_token_revocations (session_id, expires_at) VALUES ($1, now() + interval '1 hour')`, [
      decodeJwt(user.token).session_id,
    ]);
    await answersWithin(() => exportData(user.token), 401, REVOCATION_BOUND_MS);
  });
});

describe('the revocation list', () => {
  it('keeps serving valid tokens without a database query per request', async () => {
    const user = await signedInUser(app, 'no-query');
    const verifier = app.app.get(TokenVerifier);
    await verifier.verify(user.token);
    const clientQueries = jest.spyOn(pg.Client.prototype, 'query');
    const poolQueries = jest.spyOn(pg.Pool.prototype, 'query');
    try {
      for (let i = 0; i < 50; i++) expect((await verifier.verify(user.token)).userId).toBe(user.id);
      // The periodic refresh may run meanwhile (one query every AUTH_REVOCATION_REFRESH_MS), never one per token.
      expect(clientQueries.mock.calls.length + poolQueries.mock.calls.length).toBeLessThan(5);
    } finally {
      clientQueries.mockRestore();
      poolQueries.mockRestore();
    }
  });

  it('voids tokens when a role is revoked, and a refresh gives a token without it that works', async () => {
    const user = await signedInUser(app, 'role');
    const commands = app.app.get(UserCommands);
    const acting = { correlationId: randomUUID(), actor: 'cli:test' };
    await commands.execute(user.id, [{ type: 'GrantRole', data: { userId: user.id, role: 'analyst', by: 'cli:test' } }], acting);
    const withRole = await passwordGrant(user.email);
    expect(decodeJwt(withRole.access_token).app_metadata).toMatchObject({ roles: ['analyst'] });

    // What `npm run grant-role -- <email> analyst --revoke` does.
    await commands.execute(user.id, [{ type: 'RevokeRole', data: { userId: user.id, role: 'analyst', by: 'cli:test' } }], acting);
    await revokeRoleTokens(app.db.pool, user.id, 'analyst', new Date(Date.now() + 3_600_000));
    await announceRevocations(app.db.pool);

    await answersWithin(() => exportData(withRole.access_token), 401, REVOCATION_BOUND_MS);
    const refreshed = await refreshGrant(withRole.refresh_token);
    expect(decodeJwt(refreshed.access_token).app_metadata).toMatchObject({ roles: [] });
    expect((await exportData(refreshed.access_token)).status).toBe(200);
    // Tokens that never carried the role were not touched.
    expect((await exportData(user.token)).status).toBe(200);
  });
});
