import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import type { EventData } from '../postgres/read-all-data.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { rebuildProjection } from './rebuild.js';
import { rowProjection } from './row-projection.js';

// A catch-up into a fresh table copies each batch's new rows in key order, so
// the server adds them to the primary key's index page after page.
interface NameRow {
  [column: string]: string | number | null;
  name: string;
  seen: number;
}

const names = rowProjection<NameRow, EventData>({
  name: 'names',
  version: 1,
  table: 'names',
  columns: { name: 'text', seen: 'integer' },
  key: ['name'],
  handles: ['Named'],
  createdBy: ['Named'],
  reads: 'data',
  keyOf: (event) => ({ name: (event.data as { name: string }).name }),
  evolve: (row, event) => ({ name: (event.data as { name: string }).name, seen: (row?.seen ?? 0) + 1 }),
});

// Not in key order, and one name twice (its row is written once, with both events).
const NAMES = ['m', 'c', 'x', 'a', 'q', 'f', 'c', 'b', 'z', 'k'];

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('freshorder');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
  await store.append('names', NAMES.map((name) => ({ type: 'Named', data: { name } })));
});
afterAll(async () => {
  await db?.drop();
});

describe('copying a batch of fresh rows', () => {
  it('writes them in key order, whatever the order of their events', async () => {
    await rebuildProjection(store, names, { batchSize: 100 });
    // A table filled by one COPY holds its rows in the order they were copied.
    const stored = await db.pool.query<{ name: string; seen: number }>('SELECT name, seen FROM names ORDER BY ctid');
    expect(stored.rows).toEqual([...new Set(NAMES)].sort().map((name) => ({ name, seen: name === 'c' ? 2 : 1 })));
  });
});
