import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { createTestDatabase, lastCommitted, untilReadable, type TestDatabase } from '../testing/index.js';
import { readCheckpoint } from './checkpoints.js';
import { quoteIdent } from './projection.js';
import { rebuildProjection } from './rebuild.js';
import { rowProjection } from './row-projection.js';

// `npm run replay` may start while a projector rebuilds the same projection
// after a version change: both build into the projection's shadow tables, so
// they must take turns, or each would write into (or drop) the other's.
interface TallyRow {
  [column: string]: string | number | null;
  tag: string;
  seen: number;
}

const tallies = () =>
  rowProjection<TallyRow>({
    name: 'tallies',
    version: 1,
    table: 'tallies',
    columns: { tag: 'text', seen: 'integer' },
    key: ['tag'],
    handles: ['Tagged'],
    keyOf: (event) => ({ tag: (event.data as { tag: string }).tag }),
    evolve: (row, event) => ({ tag: (event.data as { tag: string }).tag, seen: (row?.seen ?? 0) + 1 }),
  });

const TAGS = 5;
const EVENTS = 600;

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('rebuildturns');
  store = new PostgresEventStore(db.pool);
  await store.migrate();
  for (let n = 0; n < EVENTS; n += 50) {
    await store.append(`tags-${n}`, Array.from({ length: 50 }, (_, i) => ({ type: 'Tagged', data: { tag: `tag-${(n + i) % TAGS}` } })));
  }
  // A rebuild reads what is readable: all of it, once another suite's open transaction has ended.
  await untilReadable(store, await lastCommitted(db.pool));
});
afterAll(async () => {
  await db.drop();
});

const tallied = async () =>
  (await db.pool.query<{ tag: string; seen: number }>(`SELECT tag, seen FROM ${quoteIdent('tallies')} ORDER BY tag`)).rows;

describe('two rebuilds of one projection at once', () => {
  it('take turns: both finish and the read model counts every event once', async () => {
    // Small batches, so the two would interleave many times if they could.
    const said: string[] = [];
    const log = (message: string) => said.push(message);
    const results = await Promise.allSettled([
      rebuildProjection(store, tallies(), { batchSize: 20, log }),
      rebuildProjection(store, tallies(), { batchSize: 20, log }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(said).toContain('projection tallies: another rebuild of it is running; this one starts when it has finished');
    expect(await tallied()).toEqual(Array.from({ length: TAGS }, (_, i) => ({ tag: `tag-${i}`, seen: EVENTS / TAGS })));
    expect(await readCheckpoint(db.pool, 'tallies')).toEqual({ ...(await store.head()), version: 1 });
    // No shadow table is left behind.
    const left = await db.pool.query(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'tallies%'`);
    expect(left.rows).toEqual([{ tablename: 'tallies' }]);
  });
});
