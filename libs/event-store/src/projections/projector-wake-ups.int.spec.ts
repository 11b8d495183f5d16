import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { EVENTS_CHANNEL, PostgresEventStore } from '../postgres/postgres-event-store.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { compareCursors, START } from '../port/types.js';
import { CheckpointAdvances } from './checkpoint-advances.js';
import { readCheckpoint, writeCheckpoint } from './checkpoints.js';
import { Projector } from './projector.js';
import { rowProjection } from './row-projection.js';
import { WakeUpListener } from './wake-up-listener.js';

// How fast a command's events reach the read models: the projector is woken by
// NOTIFY, never left to its poll interval, and the projectors of one process
// share their reads and checkpoint moves.
let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('wake');
  store = new PostgresEventStore(db.pool);
  await store.migrate();
});
afterAll(async () => {
  await db.drop();
});

const NEVER_MS = 600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

const counted = (name: string) =>
  rowProjection<{ [column: string]: string | number | null; counter: string; events: number }>({
    name,
    version: 1,
    table: name,
    columns: { counter: 'text', events: 'integer' },
    key: ['counter'],
    handles: ['Counted'],
    keyOf: (event) => ({ counter: event.streamId }),
    evolve: (row, event) => ({ counter: event.streamId, events: (row?.events ?? 0) + 1 }),
  });

describe('waking projectors', () => {
  it('ends the next wait at once when a notification came while the projector was reading', async () => {
    const listener = new WakeUpListener(db.url, EVENTS_CHANNEL);
    await listener.start();
    try {
      const waiter = listener.waiter();
      await db.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, '']);
      await until(() => listener.received > 0);
      // Nobody was waiting when it came; the next wait of ten minutes still ends now.
      await waiter.wait(NEVER_MS);
      const next = waiter.wait(NEVER_MS).then(() => 'woken');
      expect(await Promise.race([next, sleep(200).then(() => 'waiting')])).toBe('waiting');
      await db.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, '']);
      expect(await next).toBe('woken');
    } finally {
      await listener.stop();
    }
  });

  it('projects events an older transaction held back as soon as it ends, not at the next poll', async () => {
    const listener = new WakeUpListener(db.url, EVENTS_CHANNEL);
    await listener.start();
    const projector = new Projector(new PostgresEventStore(db.pool, { wakeUp: listener }), counted('held_back'), {
      connectionString: db.url,
      listener: listener.waiter(),
      pollIntervalMs: NEVER_MS,
    });
    void projector.start();
    const older = await db.pool.connect();
    try {
      await until(() => projector.state === 'live');
      // A transaction with an older id (as a projector's batch or another append has) is running...
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      // ...so this append's NOTIFY wakes the projector to an event it may not read yet.
      const appended = await store.append('held-back-1', [{ type: 'Counted', data: {} }]);
      await sleep(300);
      expect(compareCursors(projector.position, appended.position)).toBeLessThan(0);
      // Its end announces nothing; the projector must look again by itself.
      await older.query('COMMIT');
      await until(() => compareCursors(projector.position, appended.position) >= 0);
    } finally {
      older.release();
      await projector.stop();
      await listener.stop();
    }
  }, 20_000);
});

describe('sharing work between the projectors of one process', () => {
  it('serves concurrent reads at one cursor with one query, but never a read older than a notification the reader heard', async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 4 });
    const wakeUp = { received: 0, wait: async () => undefined };
    const shared = new PostgresEventStore(pool, { wakeUp });
    const reads = jest.spyOn(pool, 'query');
    const readAllQueries = () => reads.mock.calls.filter(([config]) => (config as { name?: string }).name === 'read_all').length;
    try {
      await store.append('shared-1', [{ type: 'Counted', data: {} }]);
      const [first, second] = await Promise.all([shared.readAll(START, 100), shared.readAll(START, 100)]);
      expect(readAllQueries()).toBe(1);
      expect(second).toEqual(first);
      expect(first.some((event) => event.streamId === 'shared-1')).toBe(true);

      const before = shared.readAll(START, 100);
      wakeUp.received++;
      const after = shared.readAll(START, 100);
      await Promise.all([before, after]);
      expect(readAllQueries()).toBe(3);
    } finally {
      reads.mockRestore();
      await pool.end();
    }
  });

  it('moves the checkpoints of projections that ignore a batch in one statement, each only from where it was', async () => {
    for (const name of ['ignoring_a', 'ignoring_b', 'ignoring_moved']) await writeCheckpoint(db.pool, name, { transactionId: 1n, globalPosition: 1n, version: 1 });
    const advances = CheckpointAdvances.of(db.pool);
    const statements = jest.spyOn(db.pool, 'query');
    try {
      const to = { transactionId: 5n, globalPosition: 9n, version: 1 };
      const moved = await Promise.all([
        advances.advance('ignoring_a', { transactionId: 1n, globalPosition: 1n }, to),
        advances.advance('ignoring_b', { transactionId: 1n, globalPosition: 1n }, to),
        // A rebuild moved this one meanwhile: it stays where the rebuild put it.
        advances.advance('ignoring_moved', { transactionId: 0n, globalPosition: 0n }, to),
      ]);
      expect(statements).toHaveBeenCalledTimes(1);
      expect(moved).toEqual([true, true, false]);
    } finally {
      statements.mockRestore();
    }
    expect(await readCheckpoint(db.pool, 'ignoring_a')).toEqual({ transactionId: 5n, globalPosition: 9n, version: 1 });
    expect(await readCheckpoint(db.pool, 'ignoring_b')).toEqual({ transactionId: 5n, globalPosition: 9n, version: 1 });
    expect(await readCheckpoint(db.pool, 'ignoring_moved')).toEqual({ transactionId: 1n, globalPosition: 1n, version: 1 });
  });
});
