import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeEventStoreContract } from '../contract/event-store.contract.js';
import { EVENTS_CHANNEL, PostgresEventStore } from './postgres-event-store.js';
import { WakeUpListener } from '../projections/wake-up-listener.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { START, compareCursors, type Cursor, type StoredEvent } from '../port/types.js';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../port/errors.js';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('esc');
  const contractStore = new PostgresEventStore(database.pool);
  await contractStore.migrate();
  return {
    store: contractStore,
    async dispose() {
      await contractStore.flush();
      await database.drop();
    },
  };
});

// What only PostgreSQL can get wrong: xid8 ordering and transactions that commit out of order.
let db: TestDatabase;
let store: PostgresEventStore;

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

describe('reading all events from PostgreSQL', () => {
  beforeAll(async () => {
    db = await createTestDatabase('es');
    store = new PostgresEventStore(db.pool);
    await store.migrate();
  });
  afterAll(async () => {
    await store.flush();
    await db.drop();
  });

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

  describe('an append racing a claim that has not committed yet', () => {
    /** Holds an append of one event open in a transaction, so the next version is claimed but not committed. */
    async function heldAppend(id: string, n: number, expectedVersion: bigint | 'any') {
      const client = await db.pool.connect();
      await client.query('BEGIN');
      await new PostgresEventStore(client as unknown as typeof db.pool, { notify: false }).append(id, [event(n)], { expectedVersion });
      return client;
    }
    /** Resolves once some backend waits for a lock: the racing append has reached the held claim. */
    async function someoneWaits(): Promise<void> {
      for (let round = 0; round < 500; round++) {
        const { rows } = await db.pool.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
        if (rows.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('no append waited for the held claim');
    }

    it('refuses a two-event exact append whose version was claimed meanwhile, writing neither event', async () => {
      const id = stream();
      await store.append(id, [event(1)], { expectedVersion: 'no_stream' });
      const held = await heldAppend(id, 2, 1n);
      try {
        const racing = store.append(id, [event(3), event(4)], { expectedVersion: 1n });
        racing.catch(() => undefined);
        await someoneWaits();
        await held.query('COMMIT');
        await expect(racing).rejects.toMatchObject({ expected: 1n, actual: 2n, streamExists: true });
      } finally {
        held.release();
      }
      expect((await store.readStream(id)).map((e) => [e.streamVersion, (e.data as { n: number }).n])).toEqual([[1n, 1], [2n, 2]]);
    });

    it('appends a two-event any append after a claim it waited for, both events together and in order', async () => {
      const id = stream();
      await store.append(id, [event(1)], { expectedVersion: 'no_stream' });
      const held = await heldAppend(id, 2, 'any');
      try {
        const racing = store.append(id, [event(3), event(4)], { expectedVersion: 'any' });
        await someoneWaits();
        await held.query('COMMIT');
        expect((await racing).nextExpectedVersion).toBe(4n);
      } finally {
        held.release();
      }
      expect((await store.readStream(id)).map((e) => [e.streamVersion, (e.data as { n: number }).n])).toEqual([[1n, 1], [2n, 2], [3n, 3], [4n, 4]]);
    });

    it('takes the version of a claim that rolled back', async () => {
      const id = stream();
      await store.append(id, [event(1)], { expectedVersion: 'no_stream' });
      const held = await heldAppend(id, 2, 1n);
      try {
        const racing = store.append(id, [event(3)], { expectedVersion: 1n });
        await someoneWaits();
        await held.query('ROLLBACK');
        expect((await racing).nextExpectedVersion).toBe(2n);
      } finally {
        held.release();
      }
      expect((await store.readStream(id)).map((e) => (e.data as { n: number }).n)).toEqual([1, 3]);
    });
  });

  it('keeps a stream in its events alone: an append writes one row and there is no streams table', async () => {
    // Rows this backend has written and not yet reported: read before and after the append, in one transaction.
    const writes = async (client: pg.PoolClient) =>
      new Map((await client.query<{ relname: string; n: string }>('SELECT relname, (n_tup_ins + n_tup_upd)::text AS n FROM pg_stat_xact_user_tables')).rows.map((row) => [row.relname, Number(row.n)]));
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const before = await writes(client);
      await new PostgresEventStore(client as unknown as typeof db.pool, { notify: false }).append(stream(), [event(1)], { expectedVersion: 'no_stream' });
      const after = await writes(client);
      const written = [...after].filter(([table, n]) => n > (before.get(table) ?? 0)).map(([table, n]) => [table, n - (before.get(table) ?? 0)]);
      expect(written).toEqual([['events', 1]]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    const tables = await db.pool.query("SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'streams'");
    expect(tables.rows).toEqual([]);
  });

  it('wakes listeners after the commits of concurrent appends, and a reader woken by the last notification sees them all', async () => {
    const listener = await db.pool.connect();
    const from = await store.head();
    const ids = Array.from({ length: 20 }, stream);
    let notifications = 0;
    let seenAfterLast: Promise<StoredEvent[]> | undefined;
    listener.on('notification', () => {
      notifications++;
      // Whatever a notification announces has committed before it was sent.
      seenAfterLast = readEverything(from);
    });
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    try {
      await Promise.all(ids.map((id, n) => store.append(id, [event(n)])));
      await store.flush();
      for (let round = 0; round < 250 && !seenAfterLast; round++) await listener.query('SELECT pg_sleep(0.02)');
      await listener.query('SELECT pg_sleep(0.05)');
      expect(notifications).toBeGreaterThanOrEqual(1);
      expect((await seenAfterLast!).map((e) => e.streamId).filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    } finally {
      await listener.query(`UNLISTEN ${EVENTS_CHANNEL}`);
      listener.release();
    }
  });

  it('sends no wake-up for an append on a transaction that rolls back', async () => {
    const listener = await db.pool.connect();
    let notifications = 0;
    listener.on('notification', () => notifications++);
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    const doomed = await db.pool.connect();
    try {
      await doomed.query('BEGIN');
      await new PostgresEventStore(doomed as unknown as typeof db.pool, { notify: false }).append(stream(), [event(99)]);
      await doomed.query('ROLLBACK');
      await listener.query('SELECT pg_sleep(0.1)');
      expect(notifications).toBe(0);
      // The control: an append on the pool is announced.
      await store.append(stream(), [event(100)]);
      for (let round = 0; round < 250 && notifications === 0; round++) await listener.query('SELECT pg_sleep(0.02)');
      expect(notifications).toBe(1);
    } finally {
      doomed.release();
      await listener.query(`UNLISTEN ${EVENTS_CHANNEL}`);
      listener.release();
    }
  });

  it('wakes a waiting subscription through NOTIFY instead of its next poll', async () => {
    const listener = new WakeUpListener(db.url, EVENTS_CHANNEL);
    await listener.start();
    const id = stream();
    let appended = 0;
    const awake = new PostgresEventStore(db.pool, {
      wakeUp: {
        // Each time the subscription starts waiting, a writer appends (and notifies). Only a
        // notification can end a wait of ten minutes within the test's budget.
        wait: (ms, signal) => {
          store.append(id, [event(++appended)]).catch(() => undefined);
          return listener.wait(ms, signal);
        },
      },
    });
    const controller = new AbortController();
    try {
      const iterator = awake.subscribe(await store.head(), { signal: controller.signal, idleMs: 600_000 })[Symbol.asyncIterator]();
      const { value } = await iterator.next();
      expect(new Set((value as StoredEvent[]).map((e) => e.streamId))).toEqual(new Set([id]));
    } finally {
      controller.abort();
      await listener.stop();
    }
  });
});

describe('single-event appends arriving together on one pool', () => {
  let batched: TestDatabase;
  let onPool: PostgresEventStore;
  // The statements the pool sends, by their prepared name (the claim's own, or a batch's).
  const sent: string[] = [];

  beforeAll(async () => {
    batched = await createTestDatabase('esb');
    onPool = new PostgresEventStore(batched.pool);
    await onPool.migrate();
    const query = batched.pool.query.bind(batched.pool) as (...args: unknown[]) => Promise<unknown>;
    (batched.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (config: unknown, ...rest: unknown[]) => {
      const name = (config as { name?: string } | undefined)?.name;
      if (name?.startsWith('append_claim_next')) sent.push(name);
      return query(config, ...rest);
    };
  });
  afterAll(async () => {
    await onPool.flush();
    await batched.drop();
  });

  it('commit in one statement and one transaction, each event at its own position on its own stream', async () => {
    sent.length = 0;
    const ids = Array.from({ length: 12 }, stream);
    const results = await Promise.all(ids.map((id, n) => onPool.append(id, [event(n)], { expectedVersion: 'no_stream' })));
    expect(sent).toEqual(['append_claim_next_x12']);
    expect(new Set(results.map((result) => result.position.transactionId)).size).toBe(1);
    expect(new Set(results.map((result) => result.position.globalPosition)).size).toBe(12);
    for (const [n, id] of ids.entries()) {
      const [stored] = await onPool.readStream(id);
      expect(stored).toMatchObject({ data: { n }, streamVersion: 1n, globalPosition: results[n]!.position.globalPosition });
    }
  });

  it('answer two claims of one version as separate statements would: one lands, the other is refused with the wrong version', async () => {
    const id = stream();
    await onPool.append(id, [event(0)], { expectedVersion: 'no_stream' });
    const outcomes = await Promise.allSettled([onPool.append(id, [event(1)], { expectedVersion: 1 }), onPool.append(id, [event(2)], { expectedVersion: 1 })]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(await onPool.readStream(id)).toHaveLength(2);
  });

  it('fail only the claim that fails: an event id written before, sent with others, does not stop theirs', async () => {
    const taken = randomUUID();
    await onPool.append(stream(), [{ ...event(0), eventId: taken }], { expectedVersion: 'no_stream' });
    sent.length = 0;
    const others = Array.from({ length: 5 }, stream);
    const outcomes = await Promise.allSettled([
      onPool.append(stream(), [{ ...event(1), eventId: taken }], { expectedVersion: 'no_stream' }),
      ...others.map((id, n) => onPool.append(id, [event(n)], { expectedVersion: 'no_stream' })),
    ]);
    expect(sent[0]).toBe('append_claim_next_x6');
    expect((outcomes[0] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventIdError);
    expect(outcomes.slice(1).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    for (const id of others) expect(await onPool.readStream(id)).toHaveLength(1);
  });
});
