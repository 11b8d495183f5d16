import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import { ProjectorThread } from './projector-thread.js';

// The projections of target all, in a thread of their own (the built worker: npm test builds first).
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('pthread');
});
afterAll(async () => {
  await db.drop();
});

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('ProjectorThread', () => {
  it('builds the read models in a thread other than the one serving requests, answers its health from there, and ends on stop', async () => {
    const thread = new ProjectorThread({ DATABASE_URL: db.url, PROJECTOR_POLL_MS: '600000' });
    await thread.start();
    try {
      const health = await until(() => thread.health(), (report) => report.ok, 'every projection live');
      expect(health.body).toMatchObject({ status: 'ok', database: 'ok', projections: expect.objectContaining({ jokes: expect.objectContaining({ state: 'live' }) }) });
      // Thread 0 serves the requests; the projections run elsewhere.
      expect(health.body.thread).toEqual(expect.any(Number));
      expect(health.body.thread).not.toBe(0);

      // Woken by NOTIFY in its own LISTEN connection, as the projectors' process is.
      const jokeId = randomUUID();
      const data = { jokeId, userId: null, comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'A joke.', writer: 'offline', premiumBypass: false, generatedAt: '2026-11-27T09:00:00.000Z' };
      await new PostgresEventStore(db.pool).append(`joke-${jokeId}`, [{ type: 'JokeGenerated', data }], { expectedVersion: 'no_stream' });
      await until(async () => (await db.pool.query('SELECT 1 FROM jokes WHERE id = $1', [jokeId])).rowCount, (rows) => rows === 1, 'the joke in the read model');
    } finally {
      await thread.stop();
    }
    expect(await thread.health()).toEqual({ ok: false, body: { status: 'unavailable', thread: 'restarting' } });
    // The thread ended its pool, its locks' and its LISTEN connections with it: only this spec's own are left.
    const connections = async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()')).rows[0]!.n;
    await until(connections, (n) => n === db.pool.totalCount, "only the spec's connections");
  }, 60_000);

  it('starts a thread that died again, as the supervisor restarts a process, and is unavailable meanwhile', async () => {
    const thread = new ProjectorThread({}, new URL('./testing/dying-thread.worker.mjs', import.meta.url));
    await thread.start();
    try {
      const first = await thread.health();
      expect(first.ok).toBe(true);
      await until(() => thread.health(), (report) => !report.ok, 'the thread to be gone');
      const again = await until(() => thread.health(), (report) => report.ok, 'a new thread');
      expect(again.body.thread).not.toBe(first.body.thread);
    } finally {
      await thread.stop();
    }
  }, 30_000);
});
