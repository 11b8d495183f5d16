import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { freePort, projectRoot } from '../../../tools/postgres.ts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { TestIssuer } from './testing/test-issuer.js';

// The product as deployed, behind a TLS proxy on this machine (TRUSTED_PROXIES: the loopback), so each
// test names its own client in X-Forwarded-For. Small limits: 3 a minute per client and per identity.
const LIMIT = 3;
let stack: RunningStack;
const issuer = new TestIssuer();
let env: Record<string, string>;
let secondApi: ChildProcess | undefined;
let secondApiUrl = '';
let comedian = '';

beforeAll(async () => {
  await issuer.start();
  env = {
    ...issuer.env(),
    TRUSTED_PROXIES: '127.0.0.1/8, ::1',
    RATE_LIMIT_GENERATE_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_ANALYTICS_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_REPORT_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_SHARE_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_PUBLIC_JOKES_PER_MINUTE: String(LIMIT),
  };
  stack = await startStack({ env });
  const catalogue = (await (await fetch(`${stack.baseUrl}/api/comedians`)).json()) as { comedians: { name: string; tier: string }[] };
  comedian = catalogue.comedians.find((c) => c.tier === 'free')!.name;
}, 120_000);
afterAll(async () => {
  if (secondApi && secondApi.exitCode === null) {
    const exited = new Promise((resolve) => secondApi!.once('exit', resolve));
    secondApi.kill('SIGTERM');
    await exited;
  }
  await stack?.stop();
  await issuer.stop();
}, 30_000);

// A fresh client per test: the documentation range 198.51.100.0/24 and a counter.
let clients = 0;
const newClient = () => `198.51.100.${++clients}`;

const generate = (forwardedFor: string, options: { token?: string; base?: string } = {}) =>
  fetch(`${options.base ?? stack.baseUrl}/api/generate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify({ comedian_style: comedian, topic: 'queues', length: 'short' }),
  });

const statuses = async (requests: (() => Promise<Response>)[]) => {
  const answers: number[] = [];
  for (const request of requests) answers.push((await request()).status);
  return answers;
};

const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));

describe('rate limits', () => {
  it('answers 429 with Retry-After and RateLimit headers after the generate limit', async () => {
    const client = newClient();
    const allowed = await generate(client);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('ratelimit-policy')).toBe(`"generate";q=${LIMIT};w=60, "generate-hour";q=300;w=3600`);
    expect(allowed.headers.get('ratelimit')).toMatch(new RegExp(`^"generate";r=${LIMIT - 1};t=\\d+$`));
    expect(await statuses(times(LIMIT - 1, () => () => generate(client)))).toEqual([200, 200]);

    const refused = await generate(client);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toBe(`"generate";r=0;t=${retryAfter}`);
    expect(await refused.json()).toEqual({ error: 'Too Many Requests', message: `You're faster than our writers. Try again in ${retryAfter} seconds.` });
    // Another client is not held by this one.
    expect((await generate(newClient())).status).toBe(200);
  });

  it('limits a signed-in user across clients', async () => {
    const token = await issuer.token(randomUUID());
    const answers = await statuses(times(LIMIT + 1, () => () => generate(newClient(), { token })));
    expect(answers).toEqual([...times(LIMIT, () => 200), 429]);
  });

  it('limits a user reporting in a loop, and stores nothing past the limit', async () => {
    const joke = (await (await generate(newClient())).json()) as { id: string };
    const userId = randomUUID();
    const token = await issuer.token(userId);
    const report = () =>
      fetch(`${stack.baseUrl}/api/jokes/${joke.id}/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient(), authorization: `Bearer ${token}` },
        body: JSON.stringify({ reason: 'offensive', user_id: userId }),
      });
    expect(await statuses(times(LIMIT + 2, () => report))).toEqual([...times(LIMIT, () => 200), 429, 429]);
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ count: string }>(`SELECT count(*) FROM events WHERE event_type = 'JokeReported' AND stream_id LIKE $1`, [`%${joke.id}`]);
    await db.end();
    // Once per user and joke: the repeats inside the limit append nothing either.
    expect(Number(rows[0]!.count)).toBe(1);
  });

  it('limits a user taking back a report in a loop (counted with reports), and stores nothing past the limit', async () => {
    const joke = (await (await generate(newClient())).json()) as { id: string };
    const userId = randomUUID();
    const token = await issuer.token(userId);
    const send = (action: 'report' | 'report/retract') => () =>
      fetch(`${stack.baseUrl}/api/jokes/${joke.id}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient(), authorization: `Bearer ${token}` },
        body: JSON.stringify({ reason: 'offensive', user_id: userId }),
      });
    // The report takes one of the user's three; two retractions follow, then 429.
    expect(await statuses([send('report'), ...times(LIMIT + 1, () => send('report/retract'))])).toEqual([...times(LIMIT, () => 200), 429, 429]);
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ count: string }>(`SELECT count(*) FROM events WHERE event_type = 'JokeReportRetracted' AND stream_id LIKE $1`, [`%${joke.id}`]);
    await db.end();
    // One report to take back: the repeat inside the limit appends nothing either.
    expect(Number(rows[0]!.count)).toBe(1);
  });

  it('limits a user unpublishing in a loop (counted with shares), and stores nothing past the limit', async () => {
    const userId = randomUUID();
    const token = await issuer.token(userId);
    const joke = (await (await generate(newClient(), { token })).json()) as { id: string };
    const unpublish = () =>
      fetch(`${stack.baseUrl}/api/jokes/${joke.id}/unpublish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient(), authorization: `Bearer ${token}` },
        body: JSON.stringify({ user_id: userId }),
      });
    const answers = await statuses(times(LIMIT + 2, () => unpublish));
    expect(answers).toEqual([...times(LIMIT, () => 200), 429, 429]);
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ count: string }>(`SELECT count(*) FROM events WHERE event_type = 'JokeUnpublished' AND stream_id LIKE $1`, [`%${joke.id}`]);
    await db.end();
    expect(Number(rows[0]!.count)).toBe(1);
  });

  it('limits a user deleting from history in a loop (counted with shares), and stores one removal', async () => {
    const userId = randomUUID();
    const token = await issuer.token(userId);
    const joke = (await (await generate(newClient(), { token })).json()) as { id: string };
    const remove = () =>
      fetch(`${stack.baseUrl}/api/jokes/${joke.id}/remove-from-history`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient(), authorization: `Bearer ${token}` },
        body: JSON.stringify({ user_id: userId }),
      });
    expect(await statuses(times(LIMIT + 2, () => remove))).toEqual([...times(LIMIT, () => 200), 429, 429]);
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ event_type: string }>(`SELECT event_type FROM events WHERE stream_id LIKE $1 ORDER BY stream_version`, [`%${joke.id}`]);
    await db.end();
    expect(rows.map((row) => row.event_type)).toEqual(['JokeGenerated', 'JokeUnpublished', 'JokeRemovedFromHistory']);
  });

  it('limits a client reading public joke pages and cards in a loop: 429 with Retry-After, before any lookup', async () => {
    const client = newClient();
    const read = (path: string) => () => fetch(`${stack.baseUrl}${path}`, { headers: { 'x-forwarded-for': client } });
    const unknown = randomUUID();
    const answers = await statuses([read(`/j/${unknown}`), read(`/j/${unknown}/card/1200x630.png`), read(`/j/${randomUUID()}`), read(`/j/${unknown}`), read(`/j/${unknown}/card/1080x1080.png`)]);
    expect(answers).toEqual([...times(LIMIT, () => 404), 429, 429]);

    const refused = await read(`/j/${unknown}`)();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"public-jokes";q=${LIMIT};w=60`);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^You're faster than our writers\. Try again in \d+ seconds\.$/);
    // Another client is not held by this one.
    expect((await fetch(`${stack.baseUrl}/j/${unknown}`, { headers: { 'x-forwarded-for': newClient() } })).status).toBe(404);
  });

  it('limits an anonymous visitor of analytics across clients', async () => {
    const visitorId = randomUUID();
    const send = () =>
      fetch(`${stack.baseUrl}/api/analytics/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient() },
        body: JSON.stringify({ visitor_id: visitorId, events: [{ name: 'page_view', occurred_at: new Date().toISOString(), path: '/' }] }),
      });
    expect(await statuses(times(LIMIT + 1, () => send))).toEqual([...times(LIMIT, () => 200), 429]);
  });

  it('counts IPv6 clients by /64', async () => {
    const answers = await statuses(times(LIMIT + 1, (index) => () => generate(`2001:db8:77:1:${index + 1}::9`)));
    expect(answers).toEqual([...times(LIMIT, () => 200), 429]);
    expect((await generate('2001:db8:77:2::9')).status).toBe(200);
  });

  it('takes the client from the right-most untrusted X-Forwarded-For hop', async () => {
    const client = newClient();
    // The left-most hop is whatever the client wrote; the right-most is what the trusted proxy saw.
    const answers = await statuses(times(LIMIT + 1, (index) => () => generate(`203.0.113.${index + 1}, ${client}`)));
    expect(answers).toEqual([...times(LIMIT, () => 200), 429]);
  });

  it('does not charge a replayed Idempotency-Key answer again', async () => {
    const client = newClient();
    const key = randomUUID();
    const keyed = () =>
      fetch(`${stack.baseUrl}/api/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client, 'idempotency-key': key },
        body: JSON.stringify({ comedian_style: comedian, topic: 'queues', length: 'short' }),
      });
    expect(await statuses(times(LIMIT + 2, () => keyed))).toEqual(times(LIMIT + 2, () => 200));
    // The replays cost nothing: the client still has LIMIT - 1 requests.
    expect(await statuses(times(LIMIT, () => () => generate(client)))).toEqual([...times(LIMIT - 1, () => 200), 429]);
  });

  it('counts one client across two command-api processes', async () => {
    const port = await freePort();
    secondApiUrl = `http://127.0.0.1:${port}`;
    secondApi = spawn(process.execPath, [join(projectRoot(), 'apps/command-api/dist/main.js')], {
      cwd: projectRoot(),
      env: { ...process.env, ...env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir, COMMAND_API_PORT: String(port) },
      stdio: 'ignore',
    });
    await waitForHealth(`${secondApiUrl}/health`);
    const client = newClient();
    // Alternating: through the edge to the stack's command API, and straight to the second one (as the edge would call it).
    const answers = await statuses(times(LIMIT + 1, (index) => () => generate(client, index % 2 === 0 ? {} : { base: secondApiUrl })));
    expect(answers).toEqual([...times(LIMIT, () => 200), 429]);
  }, 60_000);
});

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const healthy = await fetch(url).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy`);
}
