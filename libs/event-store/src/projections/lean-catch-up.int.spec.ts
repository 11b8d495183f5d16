import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import type { EventData } from '../postgres/read-all-data.js';
import { createTestDatabase, shadowTablesMade, type TestDatabase } from '../testing/index.js';
import type { Cursor, StoredEvent } from '../port/types.js';
import type { ProjectedEvent, Projection } from './projection.js';
import { quoteIdent } from './projection.js';
import { rebuildProjection } from './rebuild.js';
import { rowProjection } from './row-projection.js';

// A projection that reads only its events' type and data says so (`reads: 'data'`):
// its catch-ups read just those columns, not the metadata every event carries.
interface CountRow {
  [column: string]: string | number | null;
  tag: string;
  seen: number;
}

const LEAN_FIELDS = ['data', 'globalPosition', 'transactionId', 'type'];

/** Counts `Tagged` events per tag, and keeps the events each batch gave `apply`. */
function counts(name: string, reads: 'data' | 'all', seen: ProjectedEvent[]): Projection {
  const projection = rowProjection<CountRow, EventData>({
    name,
    version: 1,
    table: name,
    columns: { tag: 'text', seen: 'integer' },
    key: ['tag'],
    handles: ['Tagged'],
    createdBy: [],
    reads,
    keyOf: (event) => ({ tag: (event.data as { tag: string }).tag }),
    evolve: (row, event) => ({ tag: (event.data as { tag: string }).tag, seen: (row?.seen ?? 0) + 1 }),
  });
  return {
    ...projection,
    apply: (client, events, tables, options) => {
      seen.push(...events);
      return projection.apply(client, events, tables, options);
    },
  };
}

/** A store that counts the reads of each kind that reach PostgreSQL. */
class CountingStore extends PostgresEventStore {
  whole = 0;
  lean = 0;
  override readAll(after: Cursor, limit?: number, client?: pg.Pool | pg.PoolClient): Promise<StoredEvent[]> {
    this.whole++;
    return super.readAll(after, limit, client);
  }
  /** Lean reads wait for it while set: rebuilds that start together begin reading together, however loaded the machine. */
  holdLean: Promise<void> | undefined;
  override async readAllData(after: Cursor, limit?: number, options?: Parameters<PostgresEventStore['readAllData']>[2]): Promise<EventData[]> {
    if (this.holdLean) await this.holdLean;
    this.lean++;
    return super.readAllData(after, limit, options);
  }
}

const TAGS = 4;
const EVENTS = 60;

let db: TestDatabase;
let store: CountingStore;

beforeAll(async () => {
  db = await createTestDatabase('leancatchup');
  store = new CountingStore(db.pool);
  await store.migrate();
  for (let n = 0; n < EVENTS; n += 10) {
    await store.append(`tags-${n}`, Array.from({ length: 10 }, (_, i) => ({ type: 'Tagged', data: { tag: `tag-${(n + i) % TAGS}` }, metadata: { actor: 'test' } })));
    await store.append(`other-${n}`, [{ type: 'Ignored', data: {}, metadata: { actor: 'test' } }]);
  }
});
afterAll(async () => {
  await db?.drop();
});

const countsIn = async (table: string) => (await db.pool.query(`SELECT tag, seen FROM ${quoteIdent(table)} ORDER BY tag`)).rows;
const expected = Array.from({ length: TAGS }, (_, i) => ({ tag: `tag-${i}`, seen: EVENTS / TAGS }));
const fieldsOf = (events: ProjectedEvent[]) => [...new Set(events.map((event) => Object.keys(event).sort().join()))];

describe('a catch-up of a projection that reads only type and data', () => {
  it('reads each event without metadata or ids, and builds the same read model', async () => {
    const seen: ProjectedEvent[] = [];
    const before = { whole: store.whole, lean: store.lean };
    const { processed } = await rebuildProjection(store, counts('counts_lean', 'data', seen), { batchSize: 7 });
    expect(processed).toBe(EVENTS + EVENTS / 10);
    expect(await countsIn('counts_lean')).toEqual(expected);
    // Every event apply got, the swap's last read included, is the lean kind.
    expect(seen).toHaveLength(EVENTS + EVENTS / 10);
    expect(fieldsOf(seen)).toEqual([LEAN_FIELDS.join()]);
    expect(store.whole).toBe(before.whole);
    expect(store.lean).toBeGreaterThan(before.lean);
  });

  it('a projection that reads all still gets whole events', async () => {
    const seen: ProjectedEvent[] = [];
    await rebuildProjection(store, counts('counts_whole', 'all', seen), { batchSize: 7 });
    expect(await countsIn('counts_whole')).toEqual(expected);
    expect(seen.every((event) => (event as StoredEvent).metadata?.actor === 'test' && typeof (event as StoredEvent).eventId === 'string')).toBe(true);
  });

  it('rebuilds at once that read differently each get their own kind of page, shared with their own kind only', async () => {
    const lean: ProjectedEvent[][] = [[], []];
    const whole: ProjectedEvent[] = [];
    const before = { whole: store.whole, lean: store.lean };
    const batchSize = 5;
    const pages = Math.ceil((EVENTS + EVENTS / 10) / batchSize);
    // Sharing needs both lean rebuilds to have joined before the first page is read: each joins
    // once its shadow table is made, which under load may be long after the other started reading.
    store.holdLean = shadowTablesMade(db.pool, ['counts_at_once_1', 'counts_at_once_2']);
    await Promise.all([
      rebuildProjection(store, counts('counts_at_once_1', 'data', lean[0]!), { batchSize }),
      rebuildProjection(store, counts('counts_at_once_2', 'data', lean[1]!), { batchSize }),
      rebuildProjection(store, counts('counts_at_once_3', 'all', whole), { batchSize }),
    ]);
    for (const table of ['counts_at_once_1', 'counts_at_once_2', 'counts_at_once_3']) expect(await countsIn(table)).toEqual(expected);
    expect(fieldsOf(lean[0]!)).toEqual([LEAN_FIELDS.join()]);
    expect(fieldsOf(lean[1]!)).toEqual([LEAN_FIELDS.join()]);
    expect(whole.every((event) => 'metadata' in event)).toBe(true);
    // The two lean rebuilds read each page once between them (give or take the last, read again by each swap).
    expect(store.lean - before.lean).toBeLessThan(pages * 1.5);
    expect(store.whole - before.whole).toBeGreaterThanOrEqual(pages);
    store.holdLean = undefined;
  });
});

// Checked by the compiler (npm run typecheck): a definition whose evolve reads
// more of an event than its type and data cannot say it reads only data.
export const _cannotReadLess = () =>
  rowProjection<CountRow, EventData & { eventId: string }>({
    name: 'ids',
    version: 1,
    table: 'ids',
    columns: { tag: 'text', seen: 'integer' },
    key: ['tag'],
    handles: ['Tagged'],
    // @ts-expect-error -- its events have an id, which a lean read leaves out
    reads: 'data',
    keyOf: (event) => ({ tag: event.eventId }),
    evolve: (_row, event) => ({ tag: event.eventId, seen: 1 }),
  });
