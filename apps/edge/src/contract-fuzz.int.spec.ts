import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { contracts, LOCAL_ANON_KEY, PORTAL_ACTIONS, type Catalogue } from '@jokes/contracts';
import fc from 'fast-check';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { RAISED_RATE_LIMITS, startStack, type RunningStack } from '../../../tools/stack.ts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { projectRoot } from '../../../tools/postgres.ts';
import { confirmedUser, uniqueEmail } from './testing/auth-helpers.js';
import { authRoutes } from './testing/auth-routes.js';
import { type FuzzRequest, requestsOf, type RouteModel, unsafeTextRequests } from './testing/fuzz-requests.js';
import type { FuzzContext } from './testing/fuzz-values.js';

// Every /api contract and every /auth/v1 route gets malformed JSON, wrong types,
// missing fields, huge, unicode, NUL and injection strings and junk path params,
// with no session and with a valid one: nothing may answer 5xx, and every
// process must still be healthy at the end. Reproducible: FUZZ_SEED, FUZZ_RUNS.
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_7);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const CONCURRENCY = 4;
const PASSWORD = 'fuzz-password-1';

/**
 * Routes that change what the others rely on go last: logging out ends the
 * session, and moving the billing clock (up to a year a call) expires the
 * checkout and the portal session.
 */
const disrupts = (route: RouteModel) => (route.path.endsWith('/logout') ? 2 : route.path.endsWith('/clock/advance') ? 1 : 0);
const routes: RouteModel[] = [
  ...contracts.map((contract) => ({
    name: `${contract.method} ${contract.path}`,
    method: contract.method,
    path: contract.path,
    query: contract.query,
    body: contract.body,
    takesBody: contract.method !== 'GET' && contract.method !== 'HEAD',
  })),
  ...authRoutes(join(projectRoot(), 'apps/command-api/src')),
].sort((a, b) => disrupts(a) - disrupts(b));

interface Failure {
  route: string;
  session: string;
  request: string;
  shape: string;
  status: number | string;
  answer: string;
}

let stack: RunningStack;
let token: string;
const context: FuzzContext = { known: {} };
const histogram = new Map<string, number>();
const failures: Failure[] = [];
/** Statuses per route and session; FUZZ_VERBOSE=1 prints them (does a session get past the checks?). */
const byRoute: Record<string, Record<string, number>> = {};
const examples: Record<string, string> = {};
let sent = 0;

beforeAll(async () => {
  stack = await startStack({
    env: {
      // The fuzzer is one client hammering auth: limits would turn its requests into 429s before they reach the code.
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PASSWORD_PER_ADDRESS: '1000000',
      AUTH_RATE_LIMIT_MAILS_PER_ADDRESS: '1000000',
      // ...and so would the limits of generate, rate, share, text-to-speech and analytics.
      ...RAISED_RATE_LIMITS,
      BILLING_CLOCK_INTERVAL_MS: '0',
    },
  });
  const email = uniqueEmail('fuzz');
  await confirmedUser(stack.baseUrl, email, PASSWORD);
  // An admin reaches the support and analyst routes too; the role is in tokens issued after the grant.
  await promisify(execFile)(process.execPath, [join(projectRoot(), 'tools/grant-role.ts'), email, 'admin'], {
    cwd: projectRoot(),
    // DATA_DIR holds the stack's personal-data secret, from which the address's reservation hash derives.
    env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_DIR: stack.dataDir },
  });
  const signIn = await fetch(`${stack.baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  token = ((await signIn.json()) as { access_token: string }).access_token;
  const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const catalogue = (await (await fetch(`${stack.baseUrl}/api/comedians`)).json()) as Catalogue;
  const billing = await startedTrial(userId, email);
  context.known = {
    user_id: [userId],
    id: [userId],
    userId: [userId],
    email: [email],
    user_email: [email],
    // Free styles and lengths: a premium one is refused (403) before the code that handles the rest.
    comedian_style: catalogue.comedians.filter((comedian) => comedian.tier === 'free').map((comedian) => comedian.name),
    length: catalogue.lengths.filter((length) => length.tier === 'free').map((length) => length.value),
    topic: ['cats', ''],
    password: [PASSWORD],
    action: [...PORTAL_ACTIONS],
    // A real checkout and portal session: card fields and portal actions then reach the provider's code.
    clientSecret: [billing.clientSecret],
    sessionId: [billing.sessionId],
    cardNumber: ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 0341'],
    expiry: ['12/40'],
    cvc: ['123'],
  };
}, 120_000);

afterAll(async () => {
  const statuses = [...histogram.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => `${status}:${count}`);
  console.log(`contract fuzz: seed ${SEED}, ${RUNS} runs per route and session, ${sent} requests, ${routes.length} routes, statuses ${statuses.join(' ')}, ${failures.length} failures`);
  if (process.env.FUZZ_VERBOSE) {
    console.log(Object.entries(byRoute).map(([route, counts]) => `${route}: ${JSON.stringify(counts)}`).join('\n'));
    console.log(Object.entries(examples).map(([key, example]) => `${key}: ${example}`).join('\n'));
  }
  await stack?.stop();
}, 30_000);

/** A checkout with a saved card (a trial) and a portal session for it, as the subscribe page makes them. */
async function startedTrial(userId: string, email: string): Promise<{ clientSecret: string; sessionId: string }> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const { clientSecret } = await post('/api/create-subscription', { user_id: userId, email, plan_type: 'monthly' });
  await post('/api/local-billing/confirm-card', { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' });
  const { url } = await post('/api/billing-portal', { user_id: userId });
  return { clientSecret: clientSecret!, sessionId: new URL(url!, stack.baseUrl).pathname.split('/').pop()! };
}

async function send(request: FuzzRequest, session: string, route: string): Promise<void> {
  sent++;
  let status: number | string;
  let answer = '';
  try {
    const response = await fetch(`${stack.baseUrl}${request.target}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    status = response.status;
    answer = (await response.text()).slice(0, 300);
  } catch (error) {
    status = `error ${(error as Error).name}: ${String((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message)}`;
  }
  histogram.set(String(status), (histogram.get(String(status)) ?? 0) + 1);
  const perRoute = (byRoute[`${route} (${session})`] ??= {});
  perRoute[String(status)] = (perRoute[String(status)] ?? 0) + 1;
  examples[`${route} (${session}) ${status}`] ??= `${request.method} ${request.target.slice(0, 100)} ${request.body?.slice(0, 100) ?? ''} -> ${answer.slice(0, 160)}`;
  if (typeof status !== 'number' || status >= 500) {
    failures.push({ route, session, request: `${request.method} ${request.target.slice(0, 200)} ${request.body?.slice(0, 200) ?? ''}`, shape: request.shape, status, answer });
  }
}

async function inPool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** A stable seed per route, so adding a route does not change the others' inputs. */
const seedOf = (name: string) => [...name].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, SEED);

describe('every route under fuzzed input', () => {
  it.each(routes.map((route) => [route.name, route] as const))('%s never answers 5xx', async (name, route) => {
    const before = failures.length;
    const auth = route.path.startsWith('/auth/v1');
    const sessions: Record<string, Record<string, string>> = {
      none: auth ? { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` } : {},
      valid: { ...(auth ? { apikey: LOCAL_ANON_KEY } : {}), authorization: `Bearer ${token}` },
    };
    for (const [session, headers] of Object.entries(sessions)) {
      const seed = seedOf(`${session} ${name}`);
      const requests = [...unsafeTextRequests(route, context, headers, seed), ...fc.sample(requestsOf(route, context, headers), { seed, numRuns: RUNS })];
      await inPool(requests, (request) => send(request, session, name));
    }
    expect(failures.slice(before)).toEqual([]);
  }, 120_000);

  it('leaves every process healthy', async () => {
    const response = await fetch(`${stack.baseUrl}/api/health`);
    expect({ status: response.status, health: await response.json() }).toMatchObject({ status: 200 });
  }, 30_000);
});
