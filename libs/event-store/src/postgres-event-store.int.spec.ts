import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WrongExpectedVersionError, DuplicateEventIdError } from './errors.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { createTestDatabase, type TestDatabase } from './testing/index.js';
import { START, compareCursors, type Cursor, type StoredEvent } from './types.js';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('es');
  store = new PostgresEventStore(db.pool);
  await store.migrate();
});
afterAll(async () => {
  await store.flush();
  await db.drop();
});

const event = (n: number) => ({ type: 'Counted', data: { n } });
const stream = () => `test-${randomUUID()}`;

async function readEverything(from: Cursor = START): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let cursor = from;
  for (;;) {
    const batch = await store.readAll(cursor, 500);
    if (batch.length === 0) return all;
    all.push(...batch);
    cursor = batch[batch.length - 1]!;
  }
}

describe('append', () => {
  it('writes events with contiguous versions and returns the next expected version', async () => {
    const id = stream();
    const first = await store.append(id, [event(1), event(2)], { expectedVersion: 'no_stream' });
    const second = await store.append(id, [event(3)], { expectedVersion: first.nextExpectedVersion });
    expect(first.nextExpectedVersion).toBe(2n);
    expect(second.nextExpectedVersion).toBe(3n);
    const events = await store.readStream(id);
    expect(events.map((e) => [e.streamVersion, (e.data as { n: number }).n])).toEqual([[1n, 1], [2n, 2], [3n, 3]]);
  });

  it('reports a wrong exact version with the actual version and writes nothing', async () => {
    const id = stream();
    await store.append(id, [event(1)], { expectedVersion: 'no_stream' });
    const attempt = store.append(id, [event(2), event(3)], { expectedVersion: 5n });
    await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(attempt).rejects.toMatchObject({ actual: 1n, streamExists: true });
    expect(await store.readStream(id)).toHaveLength(1);
  });

  it('refuses no_stream when the stream exists, and stream_exists when it does not', async () => {
    const id = stream();
    await expect(store.append(id, [event(1)], { expectedVersion: 'stream_exists' })).rejects.toMatchObject({ streamExists: false });
    await store.append(id, [event(1)], { expectedVersion: 'no_stream' });
    await expect(store.append(id, [event(2)], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await store.append(id, [event(2)], { expectedVersion: 'stream_exists' });
    await store.append(id, [event(3)], { expectedVersion: 'any' });
    expect((await store.readStream(id)).map((e) => e.streamVersion)).toEqual([1n, 2n, 3n]);
  });

  it('treats exact version 0 as a stream that must not exist yet', async () => {
    const id = stream();
    await store.append(id, [event(1)], { expectedVersion: 0 });
    await expect(store.append(id, [event(2)], { expectedVersion: 0 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });

  it('writes a retried append with the same event ids once and answers as the first time', async () => {
    const id = stream();
    const events = [{ ...event(1), eventId: randomUUID() }, { ...event(2), eventId: randomUUID() }];
    const first = await store.append(id, events, { expectedVersion: 'no_stream' });
    const retry = await store.append(id, events, { expectedVersion: 'no_stream' });
    expect(retry).toEqual({ ...first, duplicate: true });
    expect(await store.readStream(id)).toHaveLength(2);
  });

  it('writes a retried append once in any mode, where the version check passes again', async () => {
    const id = stream();
    const events = [{ ...event(1), eventId: randomUUID() }];
    const first = await store.append(id, events, { expectedVersion: 'any' });
    const retry = await store.append(id, events, { expectedVersion: 'any' });
    expect(retry).toEqual({ ...first, duplicate: true });
    expect(await store.readStream(id)).toHaveLength(1);
  });

  it('writes once when the same append is retried concurrently', async () => {
    const id = stream();
    const events = [{ ...event(1), eventId: randomUUID() }];
    const results = await Promise.all(Array.from({ length: 8 }, () => store.append(id, events, { expectedVersion: 'any' })));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await store.readStream(id)).toHaveLength(1);
  });

  it('refuses an append that reuses only some event ids', async () => {
    const id = stream();
    const used = randomUUID();
    await store.append(id, [{ ...event(1), eventId: used }]);
    await expect(store.append(id, [{ ...event(1), eventId: used }, event(2)])).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream(id)).toHaveLength(1);
  });

  it('keeps metadata with correlation and causation ids', async () => {
    const id = stream();
    const metadata = { correlationId: randomUUID(), causationId: randomUUID(), actor: 'user-1' };
    await store.append(id, [{ ...event(1), metadata }]);
    const [stored] = await store.readStream(id);
    expect(stored?.metadata).toEqual(metadata);
  });
});

describe('reading all events', () => {
  it('orders by transaction id as a number across a power of ten and reads through the cursor index', async () => {
    const current = Number((await db.pool.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid')).rows[0]!.xid);
    const boundary = 10 ** Math.ceil(Math.log10(current + 2));
    const from = await store.head();
    const id = stream();
    await store.append(id, [event(1)]);
    // Burn transaction ids (each autocommit call takes one) up to the next power
    // of ten, where text order ('1000' < '999') and number order disagree.
    const client = await db.pool.connect();
    try {
      for (let xid = current; xid < boundary && boundary - current < 50_000; xid++) await client.query('SELECT pg_current_xact_id()');
    } finally {
      client.release();
    }
    await store.append(id, [event(2)]);
    const seen = (await readEverything(from)).filter((e) => e.streamId === id);
    expect(seen.map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
    expect((await store.head()).globalPosition).toBe(seen[1]!.globalPosition);

    const plan = await db.pool.query(
      `EXPLAIN SELECT * FROM events e WHERE (e.transaction_id, e.global_position) > ('0'::xid8, 0::bigint)
       AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY e.transaction_id, e.global_position LIMIT 100`,
    );
    expect(plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n')).toContain('events_cursor_idx');
  }, 60_000);

  it('delivers two transactions that commit out of order exactly once, in cursor order', async () => {
    const early = await db.pool.connect();
    const late = await db.pool.connect();
    const seen: StoredEvent[] = [];
    let cursor = await store.head();
    const poll = async () => {
      const batch = await store.readAll(cursor, 100);
      seen.push(...batch);
      if (batch.length > 0) cursor = batch[batch.length - 1]!;
    };
    const appendIn = (client: typeof early, id: string, n: number) =>
      client.query(`SELECT * FROM append_to_stream($1, 'any', 0, ARRAY[$2::uuid], ARRAY['Counted'], ARRAY[1], ARRAY[$3::jsonb], ARRAY['{}'::jsonb])`, [
        id,
        randomUUID(),
        JSON.stringify({ n }),
      ]);
    try {
      // `early` takes the lower global position, but commits last.
      await early.query('BEGIN');
      await appendIn(early, stream(), 1);
      await late.query('BEGIN');
      await appendIn(late, stream(), 2);
      await late.query('COMMIT');
      await poll();
      expect(seen).toHaveLength(0);
      await early.query('COMMIT');
      await poll();
      await poll();
    } finally {
      early.release();
      late.release();
    }
    expect(seen.map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
    const positions = seen.map((e) => e.globalPosition);
    expect(positions[0]! < positions[1]!).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(compareCursors(seen[i - 1]!, seen[i]!)).toBe(-1);
  });

  it('loses and duplicates nothing with 20 concurrent writers on shared streams', async () => {
    const from = await store.head();
    const streams = Array.from({ length: 5 }, stream);
    const seen: StoredEvent[] = [];
    let cursor = from;
    let writing = true;
    const subscriber = (async () => {
      while (writing || (await store.readAll(cursor, 1)).length > 0) {
        const batch = await store.readAll(cursor, 200);
        seen.push(...batch);
        if (batch.length > 0) cursor = batch[batch.length - 1]!;
        else await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const writer = async (w: number) => {
      for (let i = 0; i < 25; i++) {
        const target = streams[(w + i) % streams.length]!;
        // Optimistic concurrency with retries, as a command handler does.
        for (;;) {
          const current = await store.readStream(target);
          try {
            await store.append(target, [{ type: 'Counted', data: { w, i } }], { expectedVersion: BigInt(current.length) });
            break;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersionError)) throw error;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)));
    writing = false;
    await subscriber;

    const written = 20 * 25;
    const mine = seen.filter((e) => streams.includes(e.streamId));
    const ids = mine.map((e) => e.eventId); const dupes = ids.filter((x, k) => ids.indexOf(x) !== k); expect(dupes).toEqual([]);
    expect(mine).toHaveLength(written);
    expect(new Set(mine.map((e) => e.eventId)).size).toBe(written);
    expect(new Set(mine.map((e) => `${(e.data as { w: number }).w}/${(e.data as { i: number }).i}`)).size).toBe(written);
    for (const id of streams) {
      const versions = (await store.readStream(id)).map((e) => Number(e.streamVersion));
      expect(versions).toEqual(Array.from({ length: versions.length }, (_, k) => k + 1));
    }
    const everything = await readEverything(from);
    expect(everything.filter((e) => streams.includes(e.streamId))).toHaveLength(written);
  }, 60_000);
});
