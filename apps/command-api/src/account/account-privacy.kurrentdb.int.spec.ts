import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { userStreamId } from '@jokes/domain';
import { EVENT_STORE, type EventStore } from '@jokes/event-store';
import { LocalKurrentDbServer } from '@jokes/event-store/testing';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';
import { signedInUser, type SignedInUser } from '../testing/signed-in-user.js';
import { PrivacyJob } from './privacy-job.js';

// Export and erasure with EVENTSTORE_URL: the events are in KurrentDB (the local
// gRPC server speaking its protocol), so that is where both must look; PostgreSQL
// keeps the keys, the to-do list and the credentials.
let server: LocalKurrentDbServer;
let app: AuthApp;

beforeAll(async () => {
  server = new LocalKurrentDbServer();
  await server.start();
  app = await startAuthApp({ EVENTSTORE_URL: server.connectionString, PRIVACY_JOB_INTERVAL_MS: '0' });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await server?.stop();
});

const DAY_MS = 86_400_000;
const post = async (path: string, body: object, user: SignedInUser) => {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ ...body, user_id: user.id }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; content: string };
};
const generate = (user: SignedInUser, topic: string) => post('/api/generate', { comedian_style: 'Jerry Seinfeld', topic, length: 'short' }, user);
const exportOf = async (user: SignedInUser) => {
  const response = await fetch(`${app.url}/api/account/export?user_id=${user.id}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};
const eventsInPostgres = async () => (await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;

describe('account privacy on KurrentDB (EVENTSTORE_URL)', () => {
  it("exports a person's jokes, ratings and shares from KurrentDB", async () => {
    const [me, other] = [await signedInUser(app, 'kurrent-export'), await signedInUser(app, 'kurrent-other')];
    const mine = await generate(me, 'trains');
    const theirs = await generate(other, 'boats');
    await post(`/api/jokes/${mine.id}/rate`, { rating: 5 }, me);
    await post(`/api/jokes/${mine.id}/share`, { platform: 'x', visitor_id: '0b7c1f0e-5a4e-4c1b-9f59-3d2c1a0e8b71' }, me);
    await post(`/api/jokes/${theirs.id}/rate`, { rating: 2 }, me);
    await post(`/api/jokes/${theirs.id}/report`, { reason: 'offensive' }, me);
    await post(`/api/jokes/${mine.id}/rate`, { rating: 1 }, other);

    const document = await exportOf(me);
    expect(document).toMatchObject({
      user: { id: me.id, email: me.email },
      jokes: [{ id: mine.id, content: mine.content, topic: 'trains', rating: 5 }],
      ratings: [
        { joke_id: mine.id, rating: 5 },
        { joke_id: theirs.id, rating: 2 },
      ],
      shares: [{ joke_id: mine.id, platform: 'x' }],
      reports: [{ joke_id: theirs.id, reason: 'offensive' }],
    });
    // Their own, and only theirs: the other person's joke and rating are not in it.
    expect((document.jokes as unknown[]).length).toBe(1);
    expect((document.ratings as unknown[]).length).toBe(2);
    expect(JSON.stringify(document)).not.toContain(other.id);
    // Not one event went to PostgreSQL's events table: the export found them in KurrentDB.
    expect(await eventsInPostgres()).toBe(0);
  });

  it("erasure reaches a person's events in KurrentDB", async () => {
    const user = await signedInUser(app, 'kurrent-erase');
    await generate(user, 'forgetting');
    const store = app.app.get<EventStore>(EVENT_STORE);
    const registered = async () => (await store.readStream(userStreamId(user.id))).find((event) => event.type === 'UserRegistered')!.data;
    expect(await registered()).toMatchObject({ email: user.email.toLowerCase() });

    await post('/api/account/delete', { password: 'correct horse' }, user);
    const run = await app.app.get(PrivacyJob).run(new Date(Date.now() + 31 * DAY_MS));
    expect(run).toMatchObject({ ran: true, erasures: { [user.id]: 'erased' } });

    // The person's stream in KurrentDB ends with the erasure, and their registration reads erased.
    const logged = server.log.readAll('forwards', 'start', 100_000n).filter((event) => event.streamId === userStreamId(user.id));
    expect(logged.at(-1)?.type).toBe('AccountErased');
    expect(await registered()).toMatchObject({ email: null, username: 'erased-user' });
    // Its address's reservation, a stream of its own in KurrentDB, was released (the address can register again).
    const released = server.log
      .readAll('forwards', 'start', 100_000n)
      .filter((event) => event.type === 'EmailReleased' && (JSON.parse(Buffer.from(event.data).toString()) as { userId: string }).userId === user.id);
    expect(released).toHaveLength(1);
    expect(released[0]!.streamId).toMatch(/^email-[0-9a-f]{64}$/);
    expect(await eventsInPostgres()).toBe(0);
  });
});
