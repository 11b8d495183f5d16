import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GenerateJokeResponse, Joke, ReportedJoke } from '@jokes/contracts';
import { jokeStreamId, type JokeReported } from '@jokes/domain';
import { PostgresEventStore } from '@jokes/event-store';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { RAISED_RATE_LIMITS, startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient, eventually, type TestUser } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// Reports and takedown through the whole product (the Copyright Notice's
// removal within 48 hours): report, the support queue, withdraw, and every
// place a withdrawn joke must be gone from.
let stack: RunningStack;
let billing: BillingClient;
let pool: pg.Pool;
let store: PostgresEventStore;
let support: string;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  // Every report of this spec comes from this machine, many more in a minute than a person sends; the limits have their own spec.
  stack = await startStack({ env: { ...issuer.env(), ...RAISED_RATE_LIMITS } });
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
  pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  store = new PostgresEventStore(pool, { notify: false });
  support = await issuer.token(randomUUID(), { app_metadata: { roles: ['support'] } });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await stack?.stop();
  await issuer.stop();
}, 30_000);

const call = (method: string, path: string, token?: string, body?: unknown) => billing.call(method, path, { token, body });
const streamTypes = async (jokeId: string) => (await store.readStream(jokeStreamId(jokeId))).map((event) => event.type);

async function aJoke(user: TestUser): Promise<GenerateJokeResponse> {
  const answer = await call('POST', '/api/generate', user.token, { comedian_style: 'Ali Wong', topic: `cats ${randomUUID()}`, length: 'short' });
  if (answer.status !== 200) throw new Error(`generate answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as GenerateJokeResponse;
}

const report = (jokeId: string, user: TestUser, reason = 'copyright') => call('POST', `/api/jokes/${jokeId}/report`, user.token, { reason, user_id: user.userId });
const withdraw = (jokeId: string, token = support) => call('POST', `/api/support/jokes/${jokeId}/withdraw`, token, { reason: 'copyright' });
const queue = async () => {
  const answer = await call('GET', '/api/support/reports', support);
  expect(answer.status).toBe(200);
  return answer.body as ReportedJoke[];
};

/** A report made long ago, straight onto the joke's stream (the API stamps reports with the present). */
async function reportedLongAgo(jokeId: string, hoursAgo: number): Promise<void> {
  const event: JokeReported = {
    type: 'JokeReported',
    data: { jokeId, reporterId: randomUUID(), reason: 'copyright', reportedAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() },
  };
  await store.append(jokeStreamId(jokeId), [event], { expectedVersion: 'stream_exists' });
}

describe('POST /api/jokes/:id/report', () => {
  it('records one report per user and joke: a second answers 200 and appends nothing', async () => {
    const owner = await billing.newUser();
    const reader = await billing.newUser();
    const joke = await aJoke(owner);
    const first = await report(joke.id, reader, 'offensive');
    expect(first).toMatchObject({ status: 200, body: { id: joke.id, position: expect.stringMatching(/^\d+\.\d+$/) } });
    expect((await report(joke.id, reader, 'other')).status).toBe(200);
    const events = await store.readStream(jokeStreamId(joke.id));
    expect(events.map((event) => event.type)).toEqual(['JokeGenerated', 'JokeReported']);
    expect(events[1]).toMatchObject({ data: { jokeId: joke.id, reporterId: reader.userId, reason: 'offensive' }, metadata: { actor: reader.userId } });
  });

  it('keeps the free-text details out of every event', async () => {
    const owner = await billing.newUser();
    const reader = await billing.newUser();
    const joke = await aJoke(owner);
    const details = `It names my neighbour ${randomUUID()}`;
    const answer = await call('POST', `/api/jokes/${joke.id}/report`, reader.token, { reason: 'other', user_id: reader.userId, details });
    expect(answer.status).toBe(200);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1 OR metadata::text LIKE $1', [`%${details}%`]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a report without a session (401), details over 500 characters (400) and an unknown joke (404)', async () => {
    const owner = await billing.newUser();
    const joke = await aJoke(owner);
    expect((await call('POST', `/api/jokes/${joke.id}/report`, undefined, { reason: 'other', user_id: owner.userId })).status).toBe(401);
    const long = await call('POST', `/api/jokes/${joke.id}/report`, owner.token, { reason: 'other', user_id: owner.userId, details: 'x'.repeat(501) });
    expect(long).toMatchObject({ status: 400, body: { fieldErrors: { details: expect.any(Array) } } });
    expect((await call('POST', `/api/jokes/${joke.id}/report`, owner.token, { reason: 'boring', user_id: owner.userId })).status).toBe(400);
    expect((await report(randomUUID(), owner)).status).toBe(404);
    expect(await streamTypes(joke.id)).toEqual(['JokeGenerated']);
  });

  it("refuses a report in another user's name with 403, a withdrawal with a reason it does not know with 400, and an id that names no joke with 404", async () => {
    const owner = await billing.newUser();
    const other = await billing.newUser();
    const joke = await aJoke(owner);
    expect((await call('POST', `/api/jokes/${joke.id}/report`, other.token, { reason: 'other', user_id: owner.userId })).status).toBe(403);
    const unknownReason = await call('POST', `/api/support/jokes/${joke.id}/withdraw`, support, { reason: 'boring' });
    expect(unknownReason).toMatchObject({ status: 400, body: { fieldErrors: { reason: expect.any(Array) } } });
    // An id that names no joke is not found, whatever its form.
    expect((await call('POST', `/api/support/jokes/not-a-uuid/withdraw`, support, { reason: 'copyright' })).status).toBe(404);
    expect((await call('POST', `/api/support/jokes/not-a-uuid/dismiss`, support)).status).toBe(404);
    expect(await streamTypes(joke.id)).toEqual(['JokeGenerated']);
  });
});

describe('POST /api/jokes/:id/report/retract', () => {
  const retract = (jokeId: string, user: TestUser, token: string | null = user.token) => call('POST', `/api/jokes/${jokeId}/report/retract`, token ?? undefined, { user_id: user.userId });

  it("takes the reporter's open report back: it leaves support's queue, again appends nothing, and they may report the joke again", async () => {
    const owner = await billing.newUser();
    const reader = await billing.newUser();
    const joke = await aJoke(owner);
    expect((await report(joke.id, reader, 'offensive')).status).toBe(200);
    await eventually(async () => expect((await queue()).map((row) => row.joke_id)).toContain(joke.id));

    const taken = await retract(joke.id, reader);
    expect(taken).toMatchObject({ status: 200, body: { id: joke.id, position: expect.stringMatching(/^\d+\.\d+$/) } });
    const [, , retracted] = await store.readStream(jokeStreamId(joke.id));
    expect(retracted).toMatchObject({ type: 'JokeReportRetracted', data: { jokeId: joke.id, reporterId: reader.userId, reason: 'offensive' }, metadata: { actor: reader.userId, command: 'RetractJokeReport' } });
    await eventually(async () => expect((await queue()).map((row) => row.joke_id)).not.toContain(joke.id));

    expect(await retract(joke.id, reader)).toMatchObject({ status: 200, body: { id: joke.id, position: (taken.body as { position: string }).position } });
    expect((await report(joke.id, reader, 'other')).status).toBe(200);
    expect(await streamTypes(joke.id)).toEqual(['JokeGenerated', 'JokeReported', 'JokeReportRetracted', 'JokeReported']);
  });

  it("refuses a retraction without a session (401), in another user's name (403), without a user_id (400, naming it), with another user_id (403) and of an unknown or malformed joke id (404, with a message)", async () => {
    const owner = await billing.newUser();
    const reader = await billing.newUser();
    const joke = await aJoke(owner);
    expect((await report(joke.id, reader)).status).toBe(200);
    expect((await retract(joke.id, reader, null)).status).toBe(401);
    expect((await retract(joke.id, reader, owner.token)).status).toBe(403);
    expect(await call('POST', `/api/jokes/${joke.id}/report/retract`, reader.token, {})).toMatchObject({
      status: 400,
      body: { error: 'Invalid request', message: expect.stringContaining('user_id'), fieldErrors: { user_id: expect.any(Array) } },
    });
    expect(await call('POST', `/api/jokes/${joke.id}/report/retract`, reader.token, { user_id: 'x'.repeat(5_000) })).toMatchObject({ status: 403 });
    expect(await retract(randomUUID(), reader)).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    expect(await call('POST', '/api/jokes/not-a-uuid/report/retract', reader.token, { user_id: reader.userId })).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    expect(await streamTypes(joke.id)).toEqual(['JokeGenerated', 'JokeReported']);
  });
});

describe('the support queue', () => {
  it('lists reported jokes oldest first with their age', async () => {
    const owner = await billing.newUser();
    const [older, newer, unreported] = [await aJoke(owner), await aJoke(owner), await aJoke(owner)];
    await reportedLongAgo(older.id, 30);
    const readers = [await billing.newUser(), await billing.newUser()];
    expect((await report(newer.id, readers[0]!, 'offensive')).status).toBe(200);
    expect((await report(newer.id, readers[1]!, 'copyright')).status).toBe(200);

    const listed = await eventually(async () => {
      const ours = (await queue()).filter((row) => [older.id, newer.id, unreported.id].includes(row.joke_id));
      expect(ours.map((row) => row.joke_id)).toEqual([older.id, newer.id]);
      expect(ours[1]!.reports).toBe(2);
      return ours;
    });
    expect(listed[0]).toMatchObject({ content: older.content, comedian_style: 'Ali Wong', topic: older.topic, length: 'short', reports: 1, reasons: { offensive: 0, copyright: 1, other: 0 } });
    expect(listed[0]!.age_seconds).toBeGreaterThanOrEqual(30 * 3600);
    expect(listed[1]).toMatchObject({ reports: 2, reasons: { offensive: 1, copyright: 1, other: 0 } });
    expect(listed[1]!.age_seconds).toBeLessThan(3600);
  });

  it('is for support staff: 401 without a session, 403 without the role', async () => {
    const user = await billing.newUser();
    expect((await call('GET', '/api/support/reports')).status).toBe(401);
    expect((await call('GET', '/api/support/reports', user.token)).status).toBe(403);
    expect((await call('GET', '/api/support/reports', await issuer.token(randomUUID(), { app_metadata: { roles: ['admin'] } }))).status).toBe(200);
  });

  it('takes a joke off the queue when it is withdrawn or its reports are dismissed', async () => {
    const owner = await billing.newUser();
    const reader = await billing.newUser();
    const [kept, removed] = [await aJoke(owner), await aJoke(owner)];
    await report(kept.id, reader);
    await report(removed.id, reader);
    await eventually(async () => expect((await queue()).map((row) => row.joke_id)).toEqual(expect.arrayContaining([kept.id, removed.id])));
    expect((await call('POST', `/api/support/jokes/${kept.id}/dismiss`, support)).status).toBe(200);
    expect((await withdraw(removed.id)).status).toBe(200);
    await eventually(async () => expect((await queue()).map((row) => row.joke_id)).not.toEqual(expect.arrayContaining([kept.id])));
    await eventually(async () => expect((await queue()).map((row) => row.joke_id)).not.toEqual(expect.arrayContaining([removed.id])));
    expect(await streamTypes(kept.id)).toEqual(['JokeGenerated', 'JokeReported', 'JokeReportsDismissed']);
  });
});

describe('POST /api/support/jokes/:id/withdraw', () => {
  it('refuses withdraw to a user without the support role with 403', async () => {
    const owner = await billing.newUser();
    const joke = await aJoke(owner);
    const answer = await withdraw(joke.id, owner.token);
    expect(answer).toMatchObject({ status: 403, body: { error: 'Forbidden', message: 'Reported jokes are for support staff.' } });
    expect((await withdraw(joke.id, await issuer.token(randomUUID(), { app_metadata: { roles: ['analyst'] } }))).status).toBe(403);
    expect((await call('POST', `/api/support/jokes/${joke.id}/withdraw`, undefined, { reason: 'copyright' })).status).toBe(401);
    expect((await call('POST', `/api/support/jokes/${joke.id}/dismiss`, owner.token)).status).toBe(403);
    expect(await streamTypes(joke.id)).toEqual(['JokeGenerated']);
  });

  it('withdraws once, naming the staff member as the actor', async () => {
    const owner = await billing.newUser();
    const joke = await aJoke(owner);
    const staffId = randomUUID();
    const token = await issuer.token(staffId, { app_metadata: { roles: ['support'] } });
    expect(await withdraw(joke.id, token)).toMatchObject({ status: 200, body: { id: joke.id } });
    expect((await withdraw(joke.id, token)).status).toBe(200);
    const events = await store.readStream(jokeStreamId(joke.id));
    expect(events.map((event) => event.type)).toEqual(['JokeGenerated', 'JokeWithdrawn']);
    expect(events[1]).toMatchObject({ data: { jokeId: joke.id, userId: owner.userId, reason: 'copyright' }, metadata: { actor: staffId, command: 'WithdrawJoke' } });
    expect((await withdraw(randomUUID())).status).toBe(404);
  });

  it("removes a withdrawn joke from the owner's history within seconds", async () => {
    const owner = await billing.newUser();
    const { confirmed } = await billing.subscribe(owner, '4242 4242 4242 4242');
    expect(confirmed.status).toBe(200);
    const [kept, removed] = [await aJoke(owner), await aJoke(owner)];
    const history = async () => {
      const answer = await call('GET', `/api/jokes/history?user_id=${owner.userId}`, owner.token);
      expect(answer.status).toBe(200);
      return (answer.body as Joke[]).map((joke) => joke.id);
    };
    await eventually(async () => expect(await history()).toEqual([removed.id, kept.id]));
    expect((await withdraw(removed.id)).status).toBe(200);
    await eventually(async () => expect(await history()).toEqual([kept.id]), 5_000);
  });

  it('refuses to share or rate a withdrawn joke', async () => {
    const owner = await billing.newUser();
    const joke = await aJoke(owner);
    expect((await withdraw(joke.id)).status).toBe(200);
    const share = await call('POST', `/api/jokes/${joke.id}/share`, undefined, { platform: 'x', visitor_id: randomUUID() });
    expect(share).toMatchObject({ status: 404, body: { error: 'joke_not_found' } });
    const rate = await call('POST', `/api/jokes/${joke.id}/rate`, owner.token, { rating: 5, user_id: owner.userId });
    expect(rate).toMatchObject({ status: 404, body: { error: 'joke_not_found' } });
    expect((await report(joke.id, await billing.newUser())).status).toBe(404);
    expect(await streamTypes(joke.id)).toEqual(['JokeGenerated', 'JokeWithdrawn']);
  });

  it('leaves a withdrawn joke out of the data export', async () => {
    const owner = await billing.newUser();
    const [kept, removed] = [await aJoke(owner), await aJoke(owner)];
    expect((await call('POST', `/api/jokes/${removed.id}/rate`, owner.token, { rating: 4, user_id: owner.userId })).status).toBe(200);
    expect((await withdraw(removed.id)).status).toBe(200);
    const exported = await call('GET', `/api/account/export?user_id=${owner.userId}`, owner.token);
    expect(exported.status).toBe(200);
    const document = exported.body as { jokes: { id: string }[]; ratings: { joke_id: string }[] };
    expect(document.jokes.map((joke) => joke.id)).toEqual([kept.id]);
    expect(JSON.stringify(document)).not.toContain(removed.content);
    // Their rating is their own act, kept; the joke's text is what was taken down.
    expect(document.ratings.map((rating) => rating.joke_id)).toEqual([removed.id]);
  });

  it("lists the jokes a person reported in their export, with the reason and without the details", async () => {
    const owner = await billing.newUser();
    const reader = await billing.newUser();
    const joke = await aJoke(owner);
    expect((await call('POST', `/api/jokes/${joke.id}/report`, reader.token, { reason: 'offensive', user_id: reader.userId, details: 'Not for me.' })).status).toBe(200);
    const exported = await call('GET', `/api/account/export?user_id=${reader.userId}`, reader.token);
    expect(exported.status).toBe(200);
    expect((exported.body as { reports: unknown[] }).reports).toEqual([{ joke_id: joke.id, reason: 'offensive', reported_at: expect.any(String) }]);
    // The owner's export does not name who reported their joke.
    expect((await call('GET', `/api/account/export?user_id=${owner.userId}`, owner.token)).body).toMatchObject({ reports: [] });
  });
});

describe('GET /api/health', () => {
  it('shows reports older than 24 hours in health', async () => {
    const owner = await billing.newUser();
    const joke = await aJoke(owner);
    await reportedLongAgo(joke.id, 40);
    await eventually(async () => {
      const health = (await (await fetch(`${stack.baseUrl}/api/health`)).json()) as { reports?: { open: number; olderThan24h: number; oldestAgeSeconds: number | null } };
      expect(health.reports?.olderThan24h).toBeGreaterThanOrEqual(1);
      expect(health.reports?.oldestAgeSeconds).toBeGreaterThanOrEqual(40 * 3600);
      expect(health.reports?.open).toBeGreaterThanOrEqual(health.reports!.olderThan24h);
    });
  });
});
