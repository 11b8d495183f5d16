import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { createTestDatabase, lastCommitted, shadowTablesMade, untilReadable, type TestDatabase } from '../testing/index.js';
import { compareCursors, START, type Cursor, type StoredEvent } from '../port/types.js';
import { readCheckpoint } from './checkpoints.js';
import { copyText } from './copy-rows.js';
import { Projector } from './projector.js';
import { quoteIdent } from './projection.js';
import { rebuildProjection } from './rebuild.js';
import { rowProjection } from './row-projection.js';

// Catching up from the start of the log: into fresh tables (a rebuild's shadow,
// a projector's first start) rows are copied in and indexed once filled, and
// the read model must come out exactly as if every event had been applied alone.
interface NoteRow {
  [column: string]: string | number | null;
  id: string;
  body: string;
  tag: string | null;
  edits: number;
}

type NoteData = { id: string; body?: string; tag?: string };

const notes = (name = 'notes') =>
  rowProjection<NoteRow>({
    name,
    version: 1,
    table: name,
    columns: { id: 'text', body: 'text', tag: 'text', edits: 'integer' },
    key: ['id'],
    indexes: ['CREATE INDEX ON {table} (tag, body)'],
    handles: ['NoteCreated', 'NoteEdited', 'NoteDeleted'],
    createdBy: ['NoteCreated'],
    keyOf: (event) => ({ id: (event.data as NoteData).id }),
    evolve: (row, event) => {
      const data = event.data as NoteData;
      switch (event.type) {
        case 'NoteCreated':
          return { id: data.id, body: data.body ?? '', tag: data.tag ?? null, edits: 0 };
        case 'NoteEdited':
          return row && { ...row, body: data.body ?? row.body, edits: row.edits + 1 };
        default:
          return null;
      }
    },
  });

// Text COPY must carry as it is: tabs, line breaks, backslashes, what looks like COPY's NULL, the empty string.
const BODIES = ['plain', 'tab\there', 'line\nbreak\r\nand more', 'back\\slash \\N \\t', '\\N', '', 'é 🙂 ünïcode', 'x'.repeat(500)];

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('catchup');
  store = new PostgresEventStore(db.pool);
  await store.migrate();
  let n = 0;
  for (let note = 0; note < 40; note++) {
    const id = `note-${note}`;
    await store.append(id, [{ type: 'NoteCreated', data: { id, body: BODIES[note % BODIES.length], tag: note % 3 === 0 ? null : `tag-${note % 4}` } }]);
    if (note % 2 === 0) await store.append(id, [{ type: 'NoteEdited', data: { id, body: `${BODIES[(note + 3) % BODIES.length]} v${n++}` } }]);
    if (note % 7 === 3) await store.append(id, [{ type: 'NoteDeleted', data: { id } }]);
    // Edits of earlier notes land in later batches, so their rows are loaded and upserted there.
    if (note >= 5 && note % 5 === 0) await store.append(`note-${note - 5}`, [{ type: 'NoteEdited', data: { id: `note-${note - 5}`, body: `later ${n++}` } }]);
    await store.append(`other-${note}`, [{ type: 'Ignored', data: {} }]);
  }
  // A key started twice (a second NoteCreated, which the contract says cannot happen): it meets its row in a fresh table.
  await store.append('note-1-again', [{ type: 'NoteCreated', data: { id: 'note-1', body: 'created again', tag: 'again' } }]);
  await store.append('note-1-again', [{ type: 'NoteEdited', data: { id: 'note-1', body: 'and edited' } }]);
  // Every test reads the whole log: all of it, once another suite's open transaction has ended.
  await untilReadable(store, await lastCommitted(db.pool));
});
afterAll(async () => {
  await db.drop();
});

async function allEvents(): Promise<StoredEvent[]> {
  return store.readAll(START, 100_000);
}

/** The read model built the slow way: a transaction per event, each row upserted, into a table made with every index. */
async function eventByEvent(table: string): Promise<void> {
  const projection = notes(table);
  const client = await db.pool.connect();
  try {
    for (const statement of [...projection.tables[0]!.ddl(table), ...(projection.tables[0]!.indexes?.(table) ?? [])]) await client.query(statement);
    for (const event of await allEvents()) {
      await client.query('BEGIN');
      await projection.apply(client, [event], { [table]: table });
      await client.query('COMMIT');
    }
  } finally {
    client.release();
  }
}

const rowsOf = async (table: string) =>
  (await db.pool.query(`SELECT id, body, tag, edits, applied_transaction_id::text, applied_position::text FROM ${quoteIdent(table)} ORDER BY id`)).rows;

const indexesOf = async (table: string) =>
  (await db.pool.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY indexdef', [table])).rows.map((row) =>
    row.indexdef.replace(/INDEX \S+ ON/, 'INDEX ON'),
  );

describe('catching up into fresh tables', () => {
  it('a projector starting from zero on a fresh table builds the same rows as one applying event by event', async () => {
    await eventByEvent('notes_reference');
    const projector = new Projector(store, notes('notes_first_start'), { connectionString: db.url, batchSize: 7, pollIntervalMs: 20 });
    void projector.start();
    try {
      const head = await store.head();
      const deadline = Date.now() + 10_000;
      while (projector.state !== 'live' || compareCursors(projector.position, head) < 0) {
        if (Date.now() > deadline) throw new Error('the projector did not catch up');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Live at the log's head, with the checkpoint there too.
      expect(projector.position).toEqual(head);
      expect(await readCheckpoint(db.pool, 'notes_first_start')).toEqual({ ...head, version: 1 });
    } finally {
      await projector.stop();
    }
    const reference = await rowsOf('notes_reference');
    expect(reference.length).toBeGreaterThan(30);
    expect(reference.find((row) => row.id === 'note-1')).toMatchObject({ body: 'and edited', tag: 'again' });
    expect(await rowsOf('notes_first_start')).toEqual(reference);
    // The secondary index was built after the fill, and is there all the same.
    expect(await indexesOf('notes_first_start')).toEqual((await indexesOf('notes_reference')).map((index) => index.replaceAll('notes_reference', 'notes_first_start')));
  });

  it('a rebuild copies rows into its shadow table and swaps in the same read model as event by event, with its indexes', async () => {
    await eventByEvent('notes_reference_2');
    for (const batchSize of [1, 4, 1000]) {
      const { processed, position } = await rebuildProjection(store, notes('notes_rebuilt'), { batchSize });
      expect(processed).toBe((await allEvents()).length);
      expect(position).toEqual(await store.head());
      expect(await rowsOf('notes_rebuilt')).toEqual(await rowsOf('notes_reference_2'));
      expect(await indexesOf('notes_rebuilt')).toEqual((await indexesOf('notes_reference_2')).map((index) => index.replaceAll('notes_reference_2', 'notes_rebuilt')));
    }
  });

  it('writes values in COPY text format as the server reads them back', () => {
    expect(copyText([['a\tb', null, 3, true, 'c\\d\ne\rf'], ['\\N', '', 0n, false, { x: 1 }]])).toBe('a\\tb\t\\N\t3\ttrue\tc\\\\d\\ne\\rf\n\\\\N\t\t0\tfalse\t{"x":1}\n');
  });
});

describe('catch-ups that run at once in one process', () => {
  it('concurrent rebuilds read each batch once between them, and each builds the read model it would alone', async () => {
    await eventByEvent('notes_reference_3');
    let reads = 0;
    // Sharing needs both rebuilds to have joined before the first page is read: each joins once its
    // shadow table is made, which under load may be long after the other started reading.
    const bothJoined = shadowTablesMade(db.pool, ['notes_together_1', 'notes_together_2']);
    // One source for both, counting the reads that reach the store.
    const source = {
      readAll: async (after: Cursor, limit?: number) => {
        await bothJoined;
        reads++;
        return store.readAll(after, limit);
      },
      head: () => store.head(),
    };
    const batchSize = 4;
    const pages = Math.ceil((await allEvents()).length / batchSize);
    const [first, second] = await Promise.all([
      rebuildProjection(store, notes('notes_together_1'), { batchSize, events: source }),
      rebuildProjection(store, notes('notes_together_2'), { batchSize, events: source }),
    ]);
    expect(first.position).toEqual(second.position);
    // Each page once (give or take the last, which each swap reads again), not once per rebuild.
    expect(reads).toBeLessThan(pages * 1.5);
    expect(await rowsOf('notes_together_1')).toEqual(await rowsOf('notes_reference_3'));
    expect(await rowsOf('notes_together_2')).toEqual(await rowsOf('notes_reference_3'));
  });
});
