import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openKurrentDbEventStore, readCheckpoint } from '@jokes/event-store';
import { createTestDatabase, LocalKurrentDbServer, type TestDatabase } from '@jokes/event-store/testing';
import { ProjectorHost } from './projector-host.js';
import { jokeHistoryProjection } from './projections/index.js';

let db: TestDatabase;
let server: LocalKurrentDbServer;

beforeAll(async () => {
  db = await createTestDatabase('khost');
  server = new LocalKurrentDbServer();
  await server.start();
});
afterAll(async () => {
  await server.stop();
  await db.drop();
});

describe('projectors on KurrentDB (EVENTSTORE_URL)', () => {
  it('build the read models in PostgreSQL from the events in KurrentDB, with its $all position as checkpoint', async () => {
    const events = await openKurrentDbEventStore(server.connectionString);
    const host = new ProjectorHost({ databaseUrl: db.url, projections: [jokeHistoryProjection], pollIntervalMs: 600_000, events });
    await host.start();
    try {
      const jokeId = randomUUID();
      const data = { jokeId, userId: null, comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'A joke.', writer: 'offline', premiumBypass: false, generatedAt: '2026-11-20T09:00:00.000Z' };
      const written = await events.append(`joke-${jokeId}`, [{ type: 'JokeGenerated', data }], { expectedVersion: 'no_stream' });
      // Only KurrentDB's live subscription wakes a projector polling every ten minutes.
      for (;;) {
        const checkpoint = await readCheckpoint(db.pool, jokeHistoryProjection.name);
        if (checkpoint?.transactionId === written.position.transactionId && checkpoint.globalPosition === written.position.globalPosition) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const jokes = await db.pool.query('SELECT id, comedian_style FROM jokes');
      expect(jokes.rows).toEqual([{ id: jokeId, comedian_style: 'Ali Wong' }]);
      expect(await db.pool.query(`SELECT count(*)::int AS n FROM events`)).toMatchObject({ rows: [{ n: 0 }] });
    } finally {
      await host.stop();
    }
  });
});
