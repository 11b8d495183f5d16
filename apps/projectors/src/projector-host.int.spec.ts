import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openKurrentDbEventStore, readCheckpoint } from '@jokes/event-store';
import { createTestDatabase, LocalKurrentDbServer, type TestDatabase } from '@jokes/event-store/testing';
import { createServer } from 'node:net';
import { ProjectorHost } from './projector-host.js';
import { jokeHistoryProjection } from './projections/index.js';

let db: TestDatabase;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
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

  it('reports KurrentDB in its health: 503 unreachable while it is down, ok again once it is back', async () => {
    const events = await openKurrentDbEventStore(server.connectionString);
    const healthPort = await freePort();
    const host = new ProjectorHost({ databaseUrl: db.url, projections: [jokeHistoryProjection], pollIntervalMs: 600_000, events, healthPort });
    await host.start();
    const health = async () => {
      const answer = await fetch(`http://127.0.0.1:${healthPort}/health`);
      return { status: answer.status, body: (await answer.json()) as { status: string; database: string; eventStore?: string } };
    };
    try {
      for (let round = 0; round < 250 && (await health()).status !== 200; round++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok', eventStore: 'ok' } });
      await server.stop();
      expect(await health()).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'ok', eventStore: 'unreachable' } });
      await server.start();
      for (let round = 0; round < 250 && (await health()).status !== 200; round++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', eventStore: 'ok' } });
    } finally {
      await host.stop();
    }
  });
});

describe('projectors in two processes', () => {
  it('reports ready in both: the owner live, the other a hot standby that takes over when the owner stops', async () => {
    const hosts = await Promise.all([freePort(), freePort()]).then((ports) =>
      ports.map((healthPort) => ({ healthPort, host: new ProjectorHost({ databaseUrl: db.url, projections: [jokeHistoryProjection], pollIntervalMs: 100, healthPort }) })),
    );
    const health = async (port: number) => {
      const answer = await fetch(`http://127.0.0.1:${port}/health`);
      return { status: answer.status, body: (await answer.json()) as { status: string; projections: Record<string, { state: string }> } };
    };
    const stateOf = async (port: number) => (await health(port)).body.projections[jokeHistoryProjection.name]!.state;
    const until = async (check: () => Promise<boolean>) => {
      for (let round = 0; round < 500 && !(await check()); round++) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const [owner, spare] = hosts as [(typeof hosts)[number], (typeof hosts)[number]];
    try {
      await owner.host.start();
      await until(async () => (await stateOf(owner.healthPort)) === 'live');
      await spare.host.start();
      await until(async () => (await stateOf(spare.healthPort)) === 'standby');
      expect(await health(owner.healthPort)).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await health(spare.healthPort)).toMatchObject({ status: 200, body: { status: 'ok', projections: { [jokeHistoryProjection.name]: { state: 'standby' } } } });
      await owner.host.stop();
      await until(async () => (await stateOf(spare.healthPort)) === 'live');
      expect(await stateOf(spare.healthPort)).toBe('live');
    } finally {
      await owner.host.stop();
      await spare.host.stop();
    }
  });
});
