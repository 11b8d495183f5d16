import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSISTENT_POSITION_HEADER, type Catalogue, type GenerateJokeResponse, type Joke } from '@jokes/contracts';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { embeddedDataDir, postmasterPid } from '../../../tools/postgres.ts';
import { BillingClient, billingEnv } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// The product as `npm start` runs it with no DATABASE_URL: its own embedded
// PostgreSQL in a temporary DATA_DIR, supervised with the other processes.
let stack: RunningStack;
let billing: BillingClient;
let user: { userId: string; email: string; token: string };
let comedian: string;
const issuer = new TestIssuer();

/** Waits for behaviour, not for a duration: the bound only stops a hang. */
const RECOVERY_BOUND_MS = 90_000;

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: billingEnv(issuer), embeddedDatabase: true });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
  const catalogue = (await (await fetch(`${stack.baseUrl}/api/comedians`)).json()) as Catalogue;
  comedian = catalogue.comedians.find((c) => c.tier === 'free')!.name;
  // A Pro user, so history (a Pro feature) is one of the reads that must come back.
  user = await billing.newUser();
  await billing.subscribe(user, '4242424242424242');
  await untilWorking(RECOVERY_BOUND_MS);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 60_000);

const generate = () =>
  fetch(`${stack.baseUrl}/api/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ comedian_style: comedian, topic: 'power cuts', length: 'short', user_id: user.userId }),
  });
const history = (position?: string) =>
  fetch(`${stack.baseUrl}/api/jokes/history?user_id=${user.userId}`, {
    headers: { authorization: `Bearer ${user.token}`, ...(position ? { [CONSISTENT_POSITION_HEADER]: position } : {}) },
  });

/**
 * Retries until one joke is generated and then read back from history (so the
 * projectors run again); answers how long that took. Every status seen on the
 * way goes to `seen`.
 */
async function untilWorking(boundMs: number, seen = new Set<number>()): Promise<number> {
  const started = Date.now();
  let joke: GenerateJokeResponse | undefined;
  for (;;) {
    if (!joke) {
      const created = await generate().catch(() => undefined);
      if (created) seen.add(created.status);
      if (created?.status === 200) joke = (await created.json()) as GenerateJokeResponse;
    }
    if (joke) {
      const read = await history(joke.position).catch(() => undefined);
      if (read) seen.add(read.status);
      if (read?.status === 200 && read.headers.get('x-consistency') !== 'stale' && ((await read.json()) as Joke[]).some((row) => row.id === joke!.id)) {
        return Date.now() - started;
      }
    }
    if (Date.now() - started > boundMs) throw new Error(`the product did not recover within ${boundMs} ms:\n${stack.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const postgresPid = () => postmasterPid(embeddedDataDir(stack.dataDir))!;

describe('when the embedded PostgreSQL is killed', () => {
  it('answers 503 with a retry hint (never 500) while it is down, tells which part is down, and recovers on its own', async () => {
    // A backend that cannot exit keeps the old server's shared memory in use,
    // so PostgreSQL refuses to start again until it is released: an outage as
    // long as the test needs, with no timing involved.
    const held = new pg.Client({ connectionString: stack.databaseUrl });
    held.on('error', () => undefined);
    await held.connect();
    const backend = (await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    process.kill(backend, 'SIGSTOP');
    process.kill(postgresPid(), 'SIGKILL');
    try {
      const signIn = await fetch(`${stack.baseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: 'local-anon-key' },
        body: JSON.stringify({ email: user.email, password: 'not-the-password-1A' }),
      });
      expect(signIn.status).toBe(503);
      expect(Number(signIn.headers.get('retry-after'))).toBeGreaterThan(0);
      for (const answer of [await generate(), await history()]) {
        expect(answer.status).toBe(503);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await answer.json()).toMatchObject({ error: 'Service Unavailable', message: expect.stringContaining('database') });
      }
      const health = await fetch(`${stack.baseUrl}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'degraded', services: { database: 'unreachable' } });
    } finally {
      process.kill(backend, 'SIGCONT');
      await held.end().catch(() => undefined);
    }
    const recovery = await untilWorking(RECOVERY_BOUND_MS);
    process.stdout.write(`[database-outage] after the held outage, generate + history worked again ${recovery} ms after the release\n`);
    const healthy = { status: 'ok', services: { database: 'ok', 'command-api': 'ok', 'query-api': 'ok', projectors: 'ok' } };
    // Every projection, not only the one history reads, comes back live.
    let report: unknown;
    for (const started = Date.now(); Date.now() - started < RECOVERY_BOUND_MS; await new Promise((resolve) => setTimeout(resolve, 200))) {
      report = await (await fetch(`${stack.baseUrl}/api/health`)).json();
      if ((report as { status?: string }).status === 'ok') break;
    }
    expect(report).toMatchObject(healthy);
  }, 180_000);

  it('is back, with generate and history working, soon after a plain kill -9, and no request got a 500 meanwhile', async () => {
    const statuses = new Set<number>();
    process.kill(postgresPid(), 'SIGKILL');
    const recovery = await untilWorking(RECOVERY_BOUND_MS, statuses);
    process.stdout.write(`[database-outage] kill -9 of the postmaster: generate + history worked again after ${recovery} ms (statuses meanwhile: ${[...statuses].join(', ')})\n`);
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(stack.output()).toMatch(/postgres exited \(SIGKILL\); restarting/);
  }, 180_000);

  it('needed no restart of any other process of the product: they waited for the database', () => {
    expect(stack.output()).not.toMatch(/(command-api|query-api|projectors|edge) exited/);
  });
});
