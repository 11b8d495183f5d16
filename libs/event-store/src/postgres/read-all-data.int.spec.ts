import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from './postgres-event-store.js';
import type { EventData } from './read-all-data.js';
import { createTestDatabase, untilReadable, type TestDatabase } from '../testing/index.js';
import { START, type Cursor, type StoredEvent } from '../port/types.js';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('readdata');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
  let last: Cursor = START;
  for (let n = 1; n <= 12; n++) {
    last = (
      await store.append(`test-${randomUUID()}`, [
      { type: n % 3 === 0 ? 'Shared' : 'Counted', data: { n }, metadata: { actor: 'test' } },
        { type: 'Counted', data: { n: n + 100 } },
      ])
    ).position;
  }
  await untilReadable(store, last);
});

afterAll(async () => db?.drop());

async function everything<T extends Cursor>(read: (after: Cursor) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let cursor: Cursor = START; ; ) {
    const page = await read(cursor);
    if (page.length === 0) return all;
    all.push(...page);
    cursor = page[page.length - 1]!;
  }
}

const lean = ({ type, data, transactionId, globalPosition }: StoredEvent): EventData => ({ type, data, transactionId, globalPosition });

describe('readAllData', () => {
  it("reads what readAll reads, in readAll's order and with its cursors, as type and data only", async () => {
    const full = await everything((after) => store.readAll(after, 5));
    expect(full).toHaveLength(24);
    expect(await everything((after) => store.readAllData(after, 5))).toEqual(full.map(lean));
  });

  it('reads only the types asked for', async () => {
    const shared = await everything((after) => store.readAllData(after, 3, { types: ['Shared'] }));
    expect(shared.map(({ data }) => (data as { n: number }).n)).toEqual([3, 6, 9, 12]);
  });

  it('leaves out an unfinished transaction and what committed after it began, as readAll does', async () => {
    const before = (await everything((after) => store.readAllData(after, 100))).length;
    const open = await db.pool.connect();
    try {
      await open.query('BEGIN');
      await open.query(`SELECT * FROM append_to_stream($1, 'any', 0, ARRAY[$2::uuid], ARRAY['Counted'], ARRAY[1], ARRAY['{"n":0}'::jsonb], ARRAY['{}'::jsonb])`, [`test-${randomUUID()}`, randomUUID()]);
      const { position } = await store.append(`test-${randomUUID()}`, [{ type: 'Counted', data: { n: 999 } }]);
      expect(await everything((after) => store.readAllData(after, 100))).toHaveLength(before);
      await open.query('COMMIT');
      await untilReadable(store, position);
    } finally {
      open.release();
    }
    expect(await everything((after) => store.readAllData(after, 100))).toHaveLength(before + 2);
  });
});
