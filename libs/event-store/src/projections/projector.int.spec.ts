import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { createTestDatabase, lastCommitted, type TestDatabase } from '../testing/index.js';
import { readCheckpoint } from './checkpoints.js';
import { Projector } from './projector.js';
import { rebuildProjection } from './rebuild.js';
import { rowProjection } from './row-projection.js';
import { EVENTS_CHANNEL } from '../postgres/postgres-event-store.js';
import { WakeUpListener } from './wake-up-listener.js';

interface TallyRow {
  [column: string]: string | number | null;
  counter: string;
  total: number;
  events: number;
}

const tallies = (version = 1) =>
  rowProjection<TallyRow>({
    name: 'tallies',
    version,
    table: 'tallies',
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
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('proj');
  store = new PostgresEventStore(db.pool);
  await store.migrate();
});
afterAll(async () => {
  await store.flush();
  await db.drop();
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const rows = async () =>
  (await db.pool.query<TallyRow>('SELECT counter, total, events FROM tallies ORDER BY counter')).rows;

describe('projector', () => {
  it('applies every event once and stores its checkpoint with the rows', async () => {
    const listener = new WakeUpListener(db.url, EVENTS_CHANNEL);
    await listener.start();
    const projector = new Projector(store, tallies(), { connectionString: db.url, listener, pollIntervalMs: 5000 });
    void projector.start();
    try {
      await store.append('counter-a', [{ type: 'Added', data: { amount: 2 } }, { type: 'Ignored', data: {} }]);
      await store.append('counter-b', [{ type: 'Added', data: { amount: 5 } }]);
      const result = await store.append('counter-a', [{ type: 'Added', data: { amount: 3 } }]);
      // Woken by NOTIFY: well before the 5 s poll interval.
      await until(async () => {
        const checkpoint = await readCheckpoint(db.pool, 'tallies');
        return checkpoint?.globalPosition === result.position.globalPosition;
      }, 3000);
      expect(await rows()).toEqual([
        { counter: 'counter-a', total: 5, events: 2 },
        { counter: 'counter-b', total: 5, events: 1 },
      ]);
    } finally {
      await projector.stop();
      await listener.stop();
    }
  });

  it('lets only one process own a projection; the standby takes over when the owner stops', async () => {
    const first = new Projector(store, tallies(), { connectionString: db.url, pollIntervalMs: 20 });
    const second = new Projector(store, tallies(), { connectionString: db.url, pollIntervalMs: 20 });
    void first.start();
    await until(async () => first.state === 'live');
    void second.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(second.state).toBe('standby');
    await first.stop();
    await until(async () => second.state === 'live', 5000);
    await store.append('counter-c', [{ type: 'Added', data: { amount: 1 } }]);
    await until(async () => (await rows()).some((row) => row.counter === 'counter-c'));
    await second.stop();
    expect((await rows()).find((row) => row.counter === 'counter-c')).toEqual({ counter: 'counter-c', total: 1, events: 1 });
  });

  it('changes nothing when a batch is applied a second time', async () => {
    const projection = tallies();
    const before = await rows();
    const events = await store.readAll({ transactionId: 0n, globalPosition: 0n }, 1000);
    const client = await db.pool.connect();
    try {
      await projection.apply(client, events, { tallies: 'tallies' });
    } finally {
      client.release();
    }
    expect(await rows()).toEqual(before);
  });

  it('rebuilds from zero while the live projector keeps running, without losing events', async () => {
    const live = new Projector(store, tallies(), { connectionString: db.url, pollIntervalMs: 10 });
    const liveRun = live.start();
    liveRun.catch((error: unknown) => {
      throw error;
    });
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        await store.append(`counter-r${n % 3}`, [{ type: 'Added', data: { amount: 1 } }]);
        n++;
      }
      return n;
    })();
    await new Promise((r) => setTimeout(r, 200));
    const readersSawRows: number[] = [];
    const reader = (async () => {
      while (writing) {
        readersSawRows.push((await rows()).length);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    let processed = 0;
    let written = 0;
    try {
      ({ processed } = await rebuildProjection(store, tallies(), { batchSize: 50 }));
      await new Promise((r) => setTimeout(r, 200));
      writing = false;
      written = await writer;
      await reader;
      // Every append has committed: wait for the last event itself. head() stops below the oldest
      // transaction still open (a wake-up NOTIFY, a projector's batch), so it can leave out an
      // event the projector then applies, and a checkpoint past it never equals it.
      const last = await lastCommitted(db.pool);
      const reached = async () => {
        const checkpoint = await readCheckpoint(db.pool, 'tallies');
        return checkpoint?.transactionId === last.transactionId && checkpoint.globalPosition === last.globalPosition;
      };
      await until(reached).catch(async (error: Error) => {
        const checkpoint = await readCheckpoint(db.pool, 'tallies');
        throw new Error(
          `${error.message}: live projector ${live.state} at ${live.position.transactionId}.${live.position.globalPosition}, ` +
            `checkpoint ${checkpoint?.transactionId}.${checkpoint?.globalPosition}, last event ${last.transactionId}.${last.globalPosition}, ${written} events written`,
        );
      });
    } finally {
      writing = false;
      // A live projector left running would hold the projection's lock into the next test.
      await live.stop();
    }

    expect(processed).toBeGreaterThan(0);
    // Readers never saw an empty read model during the rebuild.
    expect(Math.min(...readersSawRows)).toBeGreaterThan(0);
    const byCounter = Object.fromEntries((await rows()).map((row) => [row.counter, row.events]));
    const expectedTotal = [0, 1, 2].reduce((sum, k) => sum + (byCounter[`counter-r${k}`] ?? 0), 0);
    expect(expectedTotal).toBe(written);
    // Nothing from before the rebuild was lost or doubled.
    expect(byCounter['counter-a']).toBe(2);
    expect(byCounter['counter-b']).toBe(1);
  }, 30_000);

  it('rebuilds by itself when the projection version moves on', async () => {
    const projector = new Projector(store, tallies(2), { connectionString: db.url, pollIntervalMs: 20 });
    void projector.start();
    await until(async () => projector.state === 'live', 10_000);
    await projector.stop();
    expect((await readCheckpoint(db.pool, 'tallies'))?.version).toBe(2);
    expect((await rows()).find((row) => row.counter === 'counter-a')).toEqual({ counter: 'counter-a', total: 5, events: 2 });
  });

  it('reads a lone event at once and applies the events appended during its batch window as one batch', async () => {
    const sizes: number[] = [];
    const counted = rowProjection<TallyRow>({
      name: 'window_tallies',
      version: 1,
      table: 'window_tallies',
      columns: { counter: 'text', total: 'integer', events: 'integer' },
      key: ['counter'],
      handles: ['Windowed'],
      keyOf: (event) => ({ counter: event.streamId }),
      evolve: (row, event) => ({ counter: event.streamId, total: (row?.total ?? 0) + 1, events: (row?.events ?? 0) + 1 }),
    });
    const projection = {
      ...counted,
      apply: async (...args: Parameters<typeof counted.apply>) => {
        const windowed = args[1].filter((event) => event.type === 'Windowed').length;
        if (windowed > 0) sizes.push(windowed);
        await counted.apply(...args);
      },
    };
    const listener = new WakeUpListener(db.url, EVENTS_CHANNEL);
    await listener.start();
    const projector = new Projector(store, projection, { connectionString: db.url, listener, pollIntervalMs: 60_000, batchWindowMs: 1500 });
    void projector.start();
    try {
      const caughtUp = await lastCommitted(db.pool);
      await until(async () => (await readCheckpoint(db.pool, 'window_tallies'))?.globalPosition === caughtUp.globalPosition);
      await store.append('window-1', [{ type: 'Windowed', data: {} }]);
      // Woken by the notification, long before the minute's poll.
      await until(async () => sizes.length === 1);
      for (let n = 2; n <= 6; n++) await store.append(`window-${n}`, [{ type: 'Windowed', data: {} }]);
      await until(async () => sizes.reduce((sum, size) => sum + size, 0) === 6);
      expect(sizes).toEqual([1, 5]);
    } finally {
      await projector.stop();
      await listener.stop();
    }
  });
});
