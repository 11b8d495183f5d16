import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { readCheckpoint, writeCheckpoint } from '../projections/checkpoints.js';
import { Projector } from '../projections/projector.js';
import { rowProjection } from '../projections/row-projection.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import type { Cursor } from '../port/types.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';
import { LocalKurrentDbServer } from './testing/local-kurrentdb-server.js';

// Events in KurrentDB, read models and their checkpoints in PostgreSQL: the
// projector applies each batch and moves the checkpoint (a KurrentDB $all
// position) in one PostgreSQL transaction, as it does with PostgreSQL events.

interface TallyRow {
  [column: string]: string | number | null;
  counter: string;
  total: number;
  events: number;
}

const tallies = (version = 1) =>
  rowProjection<TallyRow>({
    name: 'kurrent_tallies',
    version,
    table: 'kurrent_tallies',
    columns: { counter: 'text', total: 'integer', events: 'integer' },
    key: ['counter'],
    handles: ['Added'],
    keyOf: (event) => ({ counter: event.streamId }),
    evolve: (row, event) => ({
      counter: event.streamId,
      total: (row?.total ?? 0) + (event.data as { amount: number }).amount,
      events: (row?.events ?? 0) + 1,
    }),
  });

let db: TestDatabase;
let postgres: PostgresEventStore;
let server: LocalKurrentDbServer;
let kurrent: KurrentDbEventStore;

beforeAll(async () => {
  db = await createTestDatabase('kproj');
  postgres = new PostgresEventStore(db.pool, { notify: false });
  await postgres.migrate();
  server = new LocalKurrentDbServer();
  await server.start();
  kurrent = KurrentDbEventStore.connect(server.connectionString);
});
afterAll(async () => {
  await kurrent.close();
  await server.stop();
  await db.drop();
});

const rows = async () => (await db.pool.query<TallyRow>('SELECT counter, total, events FROM kurrent_tallies ORDER BY counter')).rows;
const checkpointReaches = async (position: Cursor, version = 1) => {
  for (;;) {
    const checkpoint = await readCheckpoint(db.pool, 'kurrent_tallies');
    if (checkpoint?.transactionId === position.transactionId && checkpoint.globalPosition === position.globalPosition && checkpoint.version === version) return checkpoint;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a projector reading from KurrentDB', () => {
  const a = `counter-${randomUUID()}`;
  const b = `counter-${randomUUID()}`;

  it('applies events from KurrentDB once, woken by its live subscription, and keeps their $all position as its checkpoint', async () => {
    const wakeUps = kurrent.wakeUps();
    await wakeUps.start();
    let written: Cursor | undefined;
    const projector = new Projector(postgres, tallies(), {
      connectionString: db.url,
      events: kurrent,
      // The writer appends when the projector starts to wait: only a wake-up ends a ten-minute wait within the test's budget.
      listener: {
        wait: (ms, signal) => {
          if (!written) {
            written = { transactionId: -1n, globalPosition: -1n };
            void kurrent
              .append(a, [{ type: 'Added', data: { amount: 2 } }, { type: 'Ignored', data: {} }])
              .then(() => kurrent.append(b, [{ type: 'Added', data: { amount: 5 } }]))
              .then(() => kurrent.append(a, [{ type: 'Added', data: { amount: 3 } }]))
              .then((result) => (written = result.position));
          }
          return wakeUps.wait(ms, signal);
        },
      },
      pollIntervalMs: 600_000,
    });
    void projector.start();
    try {
      while (!written || written.transactionId < 0n) await new Promise((resolve) => setTimeout(resolve, 20));
      const checkpoint = await checkpointReaches(written);
      expect(checkpoint).toEqual({ ...written, version: 1 });
      expect(await rows()).toEqual([
        { counter: a, total: 5, events: 2 },
        { counter: b, total: 5, events: 1 },
      ].sort((x, y) => x.counter.localeCompare(y.counter)));
    } finally {
      await projector.stop();
      await wakeUps.stop();
    }
  });

  it('resumes after its checkpoint when started again, applying nothing twice', async () => {
    const later = await kurrent.append(b, [{ type: 'Added', data: { amount: 10 } }]);
    const projector = new Projector(postgres, tallies(), { connectionString: db.url, events: kurrent, pollIntervalMs: 20 });
    void projector.start();
    try {
      await checkpointReaches(later.position);
      expect((await rows()).find((row) => row.counter === b)).toEqual({ counter: b, total: 15, events: 2 });
    } finally {
      await projector.stop();
    }
  });

  it('rebuilds a read model whose version moved on from every event in KurrentDB', async () => {
    const head = await kurrent.head();
    const projector = new Projector(postgres, tallies(2), { connectionString: db.url, events: kurrent, pollIntervalMs: 20 });
    void projector.start();
    try {
      await checkpointReaches(head, 2);
      expect((await rows()).map((row) => row.events)).toEqual([2, 2]);
    } finally {
      await projector.stop();
    }
  });

  it("keeps any KurrentDB position in the checkpoint columns: commit up to 2^64 - 1, prepare up to 2^63 - 1", async () => {
    const far = { transactionId: 2n ** 64n - 1n, globalPosition: 2n ** 63n - 1n, version: 1 };
    await writeCheckpoint(db.pool, 'kurrent_far', far);
    expect(await readCheckpoint(db.pool, 'kurrent_far')).toEqual(far);
  });
});
