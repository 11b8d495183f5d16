import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openKurrentDbEventStore, PostgresEventStore, readCheckpoint, type KurrentDbEventStore } from '@jokes/event-store';
import { createTestDatabase, LocalKurrentDbServer, type TestDatabase } from '@jokes/event-store/testing';
import { Relay } from './relay.js';
import { InMemoryPublisher } from './testing/in-memory-publisher.js';
import { eventIdOf, versionOf } from './testing/relay-test-kit.js';

// The relay where EVENTSTORE_URL names KurrentDB: the events come from its $all
// (here the local gRPC server of libs/event-store), the checkpoint stays in PostgreSQL.
let db: TestDatabase;
let server: LocalKurrentDbServer;
let events: KurrentDbEventStore;

beforeAll(async () => {
  db = await createTestDatabase('relay_kdb');
  await new PostgresEventStore(db.pool, { notify: false }).migrate();
  server = new LocalKurrentDbServer();
  await server.start();
  events = await openKurrentDbEventStore(server.connectionString);
});
afterAll(async () => {
  await events.close();
  await server.stop();
  await db.drop();
});

describe('relay on KurrentDB', () => {
  it('publishes the events of $all in order per stream and keeps its checkpoint in PostgreSQL', async () => {
    for (let round = 1; round <= 4; round++) {
      for (const stream of ['joke-a', 'joke-b', 'joke-c']) {
        await events.append(stream, [{ type: 'Counted', data: { round } }], { expectedVersion: round - 1 });
      }
    }
    const last = await events.head();
    const publisher = new InMemoryPublisher();
    const relay = new Relay({ pool: db.pool, connectionString: db.url, store: events, publisher, name: 'relay:kurrent', batchSize: 5, pollIntervalMs: 20 });
    void relay.start();
    try {
      await publisher.until(() => publisher.acknowledged.length >= 12);
      for (const stream of ['joke-a', 'joke-b', 'joke-c']) {
        expect(publisher.acknowledged.filter((message) => message.key === stream).map(versionOf)).toEqual([1, 2, 3, 4]);
      }
      expect(new Set(publisher.acknowledged.map(eventIdOf)).size).toBe(12);
      expect(publisher.calls.every((call) => call.messages.length <= 5)).toBe(true);
      for (;;) {
        const checkpoint = await readCheckpoint(db.pool, 'relay:kurrent');
        if (checkpoint?.transactionId === last.transactionId && checkpoint.globalPosition === last.globalPosition) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await relay.stop();
    }
  });
});
