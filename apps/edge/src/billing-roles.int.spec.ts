import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient, billingEnv, eventually } from './testing/billing-client.js';
import { reservationStreamOf } from './testing/reservation-stream.js';
import { TestIssuer } from './testing/test-issuer.js';

// Roles: granted from the command line onto the user's stream, required by
// the support audit, and read from the token's app_metadata.roles.
let stack: RunningStack;
let billing: BillingClient;
const issuer = new TestIssuer();
const root = join(import.meta.dirname, '../../..');

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: billingEnv(issuer) });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 30_000);

const query = async <T extends pg.QueryResultRow>(sql: string, values: unknown[]) => {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    return (await db.query<T>(sql, values)).rows;
  } finally {
    await db.end();
  }
};

/** The sign-up's e-mail reservation, which grant-role and the lookup by e-mail use. */
const reserveEmail = (email: string, userId: string) =>
  query(`SELECT * FROM append_to_stream($1, 'no_stream', 0, ARRAY[$2::uuid], ARRAY['EmailReserved'], ARRAY[1], ARRAY[$3::jsonb], ARRAY['{}'::jsonb])`, [
    reservationStreamOf(stack.dataDir, email),
    randomUUID(),
    JSON.stringify({ userId, reservedAt: new Date().toISOString() }),
  ]);

const grantRole = (...args: string[]) =>
  promisify(execFile)(process.execPath, [join(root, 'tools/grant-role.ts'), ...args], { cwd: root, env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir } });

describe('npm run grant-role', () => {
  it("appends RoleGranted to the user's stream and the users read model shows the role", async () => {
    const user = await billing.newUser();
    await reserveEmail(user.email, user.userId);
    const { stdout } = await grantRole(user.email.toUpperCase(), 'support');
    expect(stdout).toContain(`Granted support to ${user.email.toUpperCase()}`);
    const [granted] = await query<{ data: { role: string }; metadata: { actor: string } }>(
      "SELECT data, metadata FROM events WHERE stream_id = $1 AND event_type = 'RoleGranted'",
      [`user-${user.userId}`],
    );
    expect(granted).toMatchObject({ data: { role: 'support' }, metadata: { actor: expect.stringMatching(/^cli:/) } });
    await eventually(async () => expect(await query('SELECT roles FROM users WHERE id = $1', [user.userId])).toEqual([{ roles: 'support' }]));
  });

  it('refuses an unknown role and an unknown address with exit status 1', async () => {
    const user = await billing.newUser();
    await reserveEmail(user.email, user.userId);
    await expect(grantRole(user.email, 'wizard')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown role "wizard"') });
    await expect(grantRole('nobody@example.com', 'admin')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No account uses') });
  });
});

describe('the support audit', () => {
  it('needs the support or admin role: 401 without a session, 403 without the role', async () => {
    const user = await billing.newUser();
    const path = `/api/support/users/${user.userId}/subscription-history`;
    expect((await billing.call('GET', path)).status).toBe(401);
    expect((await billing.call('GET', path, { token: user.token })).status).toBe(403);
    const admin = await issuer.token(randomUUID(), { app_metadata: { roles: ['admin'] } });
    expect((await billing.call('GET', path, { token: admin })).body).toEqual({ user_id: user.userId, status: null, timeline: [] });
  });

  it('finds a user by e-mail and shows the subscription timeline with its causes', async () => {
    const user = await billing.newUser();
    await reserveEmail(user.email, user.userId);
    await billing.subscribe(user, '4242424242424242', 'yearly');
    const support = await issuer.token(randomUUID(), { app_metadata: { roles: ['support'] } });
    const found = await billing.call('GET', `/api/support/subscription-history?email=${encodeURIComponent(user.email)}`, { token: support });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      user_id: user.userId,
      status: 'trialing',
      timeline: [
        { type: 'CheckoutStarted', status_after: 'incomplete', summary: 'Checkout started: yearly at $29.99, free trial once a card is saved', cause: { actor: user.userId } },
        { type: 'TrialStarted', status_after: 'trialing', cause: { actor: 'billing-provider', webhook_event_type: 'customer.subscription.updated' } },
      ],
    });
    expect((await billing.call('GET', '/api/support/subscription-history?email=nobody@example.com', { token: support })).status).toBe(404);
  });
});
