import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { catchUp, sleep } from './catch-up.js';
import { ClaimBatches, type Claim, type Claimed } from './claim-batches.js';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../port/errors.js';
import type { AppendOptions, EventStore, PersonIndex, ReadStreamOptions, SubscribeOptions } from '../port/event-store.port.js';
import { eventStoreMigrations } from './event-store.migrations.js';
import { migrate } from './migrator.js';
import { typesByField } from './person-index.js';
import { SingleFlight } from '../workers/single-flight.js';
import { WakeUpNotifier } from './wake-up-notifier.js';
import { traceAppend } from '../tracing/append-span.js';
import type { AppendResult, Cursor, EventMetadata, NewEvent, StoredEvent } from '../port/types.js';
import type { EventData } from './read-all-data.js';

export interface EventStoreOptions {
  /**
   * Wake subscribers at once: a NOTIFY on EVENTS_CHANNEL after each append's commit, coalesced
   * per pool (`WakeUpNotifier`; default true). False for a store on a transaction's client: whoever
   * commits that transaction pokes the pool's notifier after its commit.
   */
  notify?: boolean;
  /**
   * Wakes `subscribe` between polls: a `WakeUpListener` on EVENTS_CHANNEL (default: polling only).
   * Its count of notifications received lets `readAll` share a read in flight only with readers
   * that know of nothing newer than what that read can see.
   */
  wakeUp?: { wait(timeoutMs: number, signal?: AbortSignal): Promise<void>; readonly received?: number };
}

/** A row of SELECT_EVENT, in its column order (rows come as arrays: no object per row to build). */
type EventRow = [
  globalPosition: string,
  transactionId: string,
  streamId: string,
  streamVersion: string,
  eventId: string,
  eventType: string,
  schemaVersion: number,
  data: unknown,
  metadata: EventMetadata,
  createdAtMs: number,
];

export const EVENTS_CHANNEL = 'jokes_events';

/** What makes two appends the same append (metadata aside). */
interface AppendContent {
  eventIds: string[];
  types: string[];
  /** JSON text, as sent to jsonb. */
  data: string[];
}

interface AppendRow {
  next_version: string;
  last_position: string;
  last_transaction_id: string;
  duplicate: boolean;
}

// The 8-argument function (migration 3): the wake-up goes out after the commit (WakeUpNotifier).
const APPEND_SQL = `SELECT next_version, last_position, last_transaction_id::text AS last_transaction_id, duplicate
  FROM append_to_stream($1, $2, $3, $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[])`;

// One event at an exact version (or no_stream): what every command appends. The
// claim of append_to_stream (migration 5) as one plain INSERT with scalar
// parameters, no function call and no arrays to encode and parse. It writes the
// event or nothing; when it writes nothing the function answers (a retry, a
// wrong version), so that answer has one source.
const CLAIM_NEXT_SQL = `INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  SELECT $1, $2::bigint + 1, $3::uuid, $4, $5::int, $6::jsonb, $7::jsonb
  WHERE $2::bigint = 0 OR EXISTS (SELECT FROM events e WHERE e.stream_id = $1 AND e.stream_version = $2::bigint)
  ON CONFLICT (stream_id, stream_version) DO NOTHING
  RETURNING global_position, transaction_id::text AS transaction_id`;

function toAppendResult(row: AppendRow): AppendResult {
  return {
    nextExpectedVersion: BigInt(row.next_version),
    position: { transactionId: BigInt(row.last_transaction_id), globalPosition: BigInt(row.last_position) },
    duplicate: row.duplicate,
  };
}

// The table alias matters: `ORDER BY transaction_id` would otherwise sort by the
// text column alias ('1000' < '999'), skip the cursor index and lose events.
// created_at comes as epoch milliseconds: a number makes a Date several times
// faster than timestamptz's text is parsed (Date keeps milliseconds either way).
const SELECT_EVENT = `SELECT e.global_position, e.transaction_id::text AS transaction_id, e.stream_id, e.stream_version,
  e.event_id, e.event_type, e.schema_version, e.data, e.metadata, floor(extract(epoch FROM e.created_at) * 1000)::float8 AS created_at FROM events e`;

// A page after the cursor ($1, $2), below every running transaction, in cursor order;
// `filter` narrows it further (its parameters from $4).
const pageAfterCursor = (filter = '') => `
  WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
    AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())${filter}
  ORDER BY e.transaction_id, e.global_position
  LIMIT $3`;

const READ_ALL_SQL = `${SELECT_EVENT}${pageAfterCursor()}`;

// readAll's order and visibility with only the columns a replay of type and data
// reads: no metadata for the server to serialise and the client to parse, no ids,
// no times (a jokes rebuild of 100,000 events: ~30% less CPU in Node and ~20%
// less in the server than with readAll, measured with npm run bench).
const SELECT_EVENT_DATA = 'SELECT e.global_position, e.transaction_id::text AS transaction_id, e.event_type, e.data FROM events e';
const READ_ALL_DATA_SQL = `${SELECT_EVENT_DATA}${pageAfterCursor()}`;
const READ_ALL_DATA_OF_TYPES_SQL = `${SELECT_EVENT_DATA}${pageAfterCursor('\n    AND e.event_type = ANY($4::text[])')}`;

/** A row of READ_ALL_DATA_SQL, in its column order. */
type EventDataRow = [globalPosition: string, transactionId: string, eventType: string, data: unknown];

// Committed events past the cursor that readAll may not return yet: a transaction
// with an older id (another append, a projector's batch) is still running. The
// order makes it one step along the cursor index (an EXISTS is planned as a scan).
const HELD_BACK_SQL = `SELECT 1 AS held_back FROM events e WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
  ORDER BY e.transaction_id, e.global_position LIMIT 1`;

/**
 * readByPerson's query: per field, its types and the field's value. The field is
 * written into the SQL (a name from code, checked), not passed as a parameter, so
 * the planner matches the expression indexes of migration 6 (`data->>'userId'`,
 * `data->>'reporterId'`): a bitmap scan of each, never a scan of the table.
 * Types are the parameters from $2 on.
 */
export function personEventsSql(index: PersonIndex): { text: string; types: string[][] } {
  const groups = [...typesByField(index)];
  if (groups.length === 0) return { text: '', types: [] };
  const filters = groups.map(([field], at) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`Not a field name: ${field}`);
    return `(e.data->>'${field}' = $1 AND e.event_type = ANY($${at + 2}::text[]))`;
  });
  return {
    text: `${SELECT_EVENT} WHERE ${filters.join(' OR ')} ORDER BY e.transaction_id, e.global_position`,
    types: groups.map(([, types]) => types),
  };
}

/** The PostgreSQL event store: the system of record (DESIGN.md decisions 3 and 4). */
export class PostgresEventStore implements EventStore {
  private readonly notifier: WakeUpNotifier | undefined;
  private readonly reads = new SingleFlight<StoredEvent[]>();
  private readonly heldBackChecks = new SingleFlight<boolean>();
  /** On a pool, the claims that arrive together share a statement and a commit; on a transaction's client each is its own statement. */
  private readonly claims: ClaimBatches | undefined;

  constructor(
    readonly pool: pg.Pool,
    private readonly options: EventStoreOptions = {},
  ) {
    this.notifier = options.notify === false ? undefined : WakeUpNotifier.of(pool, EVENTS_CHANNEL);
    this.claims = pool instanceof pg.Pool ? new ClaimBatches(pool, (claim) => this.claimAlone(claim)) : undefined;
  }

  /** Creates or upgrades the schema; safe to call from every process at start-up. */
  async migrate(): Promise<void> {
    await migrate(this.pool, 'event-store', eventStoreMigrations);
  }

  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('Nothing to append');
    return traceAppend(streamId, events, options, (traced) => this.write(streamId, traced, options));
  }

  private async write(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const expected = options.expectedVersion ?? 'any';
    const [kind, version] =
      typeof expected === 'string' ? [expected, 0n] : ['exact', BigInt(expected)];
    const eventIds = events.map((event) => event.eventId ?? randomUUID());
    const content: AppendContent = { eventIds, types: events.map((event) => event.type), data: events.map((event) => JSON.stringify(event.data ?? null)) };
    const schemaVersions = events.map((event) => event.schemaVersion ?? 1);
    const metadata = events.map((event) => JSON.stringify(event.metadata ?? {}));
    const params = [streamId, kind, version.toString(), eventIds, content.types, schemaVersions, content.data, metadata];
    try {
      if (events.length === 1 && (kind === 'exact' || kind === 'no_stream')) {
        const claimed = await this.claimNext({ streamId, version, eventId: eventIds[0]!, type: content.types[0]!, schemaVersion: schemaVersions[0]!, data: content.data[0]!, metadata: metadata[0]! });
        if (claimed) return claimed;
      }
      // Named: prepared once per connection, so the call is not re-planned every time.
      const result = await this.pool.query<AppendRow>({ name: 'append_to_stream', text: APPEND_SQL, values: params });
      const row = result.rows[0]!;
      if (row.duplicate) await this.checkSameContent(streamId, content);
      else this.notifier?.poke();
      return toAppendResult(row);
    } catch (error) {
      const failure = error as { code?: string; detail?: string; constraint?: string };
      if (failure.code === 'ES001') {
        const actual = BigInt(failure.detail ?? '-1');
        throw new WrongExpectedVersionError(streamId, expected, actual < 0n ? 0n : actual, actual >= 0n);
      }
      if (failure.code === 'ES002') throw new DuplicateEventIdError(streamId);
      // An append retried in a mode whose version check passes again (any,
      // stream_exists) meets the unique index on event_id: it was written before.
      if (failure.code === '23505' && failure.constraint === 'events_event_id_key') {
        const previous = await this.previousAppend(streamId, eventIds);
        await this.checkSameContent(streamId, content);
        return previous;
      }
      throw error;
    }
  }

  /** The single-event fast path (CLAIM_NEXT_SQL, batched on a pool): the result, or undefined when nothing was written. */
  private async claimNext(claim: Claim): Promise<AppendResult | undefined> {
    const row = await (this.claims ? this.claims.claim(claim) : this.claimAlone(claim));
    if (!row) return undefined;
    this.notifier?.poke();
    return {
      nextExpectedVersion: claim.version + 1n,
      position: { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) },
      duplicate: false,
    };
  }

  private async claimAlone({ streamId, version, eventId, type, schemaVersion, data, metadata }: Claim): Promise<Claimed> {
    const result = await this.pool.query<{ global_position: string; transaction_id: string }>({
      name: 'append_claim_next',
      text: CLAIM_NEXT_SQL,
      values: [streamId, version.toString(), eventId, type, schemaVersion, data, metadata],
    });
    return result.rows[0];
  }

  /**
   * A retry answers the first append only if it is the same append: the same
   * type and data under each id (metadata may differ: a retry has its own trace).
   * Only duplicates pay for this query.
   */
  private async checkSameContent(streamId: string, { eventIds, types, data }: AppendContent): Promise<void> {
    const same = await this.pool.query<{ same: number }>(
      `SELECT count(*)::int AS same FROM unnest($2::uuid[], $3::text[], $4::jsonb[]) AS t(event_id, event_type, data)
       JOIN events e ON e.event_id = t.event_id
       WHERE e.stream_id = $1 AND e.event_type = t.event_type AND e.data = t.data`,
      [streamId, eventIds, types, data],
    );
    if (same.rows[0]!.same !== eventIds.length) throw new DuplicateEventIdError(streamId);
  }

  private async previousAppend(streamId: string, eventIds: string[]): Promise<AppendResult> {
    const found = await this.pool.query<{ stream_id: string; stream_version: string; global_position: string; transaction_id: string }>(
      `SELECT stream_id, stream_version, global_position, transaction_id::text AS transaction_id
       FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY stream_version DESC`,
      [eventIds],
    );
    if (found.rows.length !== eventIds.length || found.rows.some((row) => row.stream_id !== streamId)) {
      throw new DuplicateEventIdError(streamId);
    }
    const last = found.rows[0]!;
    return toAppendResult({ next_version: last.stream_version, last_position: last.global_position, last_transaction_id: last.transaction_id, duplicate: true });
  }

  /** The stream's events in order; an empty list when the stream does not exist. */
  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    if (options.last !== undefined) {
      // Backwards along the primary key (stream_id, stream_version): as cheap on the 50,000th event as on the first.
      const result = await this.pool.query<EventRow>({
        name: 'read_stream_last',
        text: `${SELECT_EVENT} WHERE e.stream_id = $1 ORDER BY e.stream_version DESC LIMIT $2`,
        values: [streamId, options.last],
        rowMode: 'array',
      });
      return result.rows.map(toStoredEvent).reverse();
    }
    // Named: every command that decides from its stream reads it, prepared once per connection.
    const result = await this.pool.query<EventRow>({
      name: 'read_stream',
      text: `${SELECT_EVENT} WHERE e.stream_id = $1 AND e.stream_version >= $2 AND e.stream_version <= $3 ORDER BY e.stream_version`,
      values: [streamId, (options.fromVersion ?? 1n).toString(), (options.toVersion ?? 9223372036854775807n).toString()],
      rowMode: 'array',
    });
    return result.rows.map(toStoredEvent);
  }

  async readByPerson(personId: string, index: PersonIndex): Promise<StoredEvent[]> {
    const { text, types } = personEventsSql(index);
    if (!text) return [];
    const result = await this.pool.query<EventRow>({ text, values: [personId, ...types], rowMode: 'array' });
    return result.rows.map(toStoredEvent);
  }

  /**
   * The next events after `after` in cursor order, only from transactions that
   * have finished: anything below the oldest running transaction's id is final,
   * so nothing can later appear behind the returned cursor.
   */
  async readAll(after: Cursor, limit = 1000, client: pg.Pool | pg.PoolClient = this.pool): Promise<StoredEvent[]> {
    const read = async () => {
      const result = await client.query<EventRow>({
        name: 'read_all',
        text: READ_ALL_SQL,
        values: [after.transactionId.toString(), after.globalPosition.toString(), limit],
        rowMode: 'array',
      });
      return result.rows.map(toStoredEvent);
    };
    // A transaction's reads are its own; the pool's are shared by the readers of this process at this cursor.
    const key = client === this.pool ? this.flightKey(after, limit) : undefined;
    return key === undefined ? read() : [...(await this.reads.run(key, read))];
  }

  /**
   * `readAll` for readers of each event's type and data only (`EventData`): the
   * same order, visibility and cursor, without the other columns. With `types`,
   * only events of those types come back (the last one returned is then not
   * necessarily the last one passed over). Never shared with other readers.
   */
  async readAllData(after: Cursor, limit = 1000, options: { types?: readonly string[]; client?: pg.Pool | pg.PoolClient } = {}): Promise<EventData[]> {
    const { types, client = this.pool } = options;
    const values: unknown[] = [after.transactionId.toString(), after.globalPosition.toString(), limit];
    if (types) values.push(types);
    const result = await client.query<EventDataRow>({
      name: types ? 'read_all_data_of_types' : 'read_all_data',
      text: types ? READ_ALL_DATA_OF_TYPES_SQL : READ_ALL_DATA_SQL,
      values,
      rowMode: 'array',
    });
    const events: EventData[] = new Array(result.rows.length);
    // Events come a transaction at a time: its id is converted once for all of them.
    let transactionText = '';
    let transactionId = 0n;
    for (let index = 0; index < events.length; index++) {
      const row = result.rows[index]!;
      if (row[1] !== transactionText) transactionId = BigInt((transactionText = row[1]));
      events[index] = { type: row[2], data: row[3], transactionId, globalPosition: BigInt(row[0]) };
    }
    return events;
  }

  /**
   * Whether committed events past `after` wait behind a transaction with an
   * older id: after an empty readAll, true means look again soon rather than
   * after the poll interval (no NOTIFY announces that the older transaction ended).
   */
  async heldBack(after: Cursor): Promise<boolean> {
    const check = async () => {
      const result = await this.pool.query({
        name: 'events_held_back',
        text: HELD_BACK_SQL,
        values: [after.transactionId.toString(), after.globalPosition.toString()],
      });
      return result.rows.length > 0;
    };
    const key = this.flightKey(after, 0);
    return key === undefined ? check() : this.heldBackChecks.run(key, check);
  }

  /**
   * Only with a wake-up listener that counts its notifications: a read in flight
   * is shared with callers that have heard of no commit it may have missed (an
   * append notifies in its own transaction), so sharing never hides an event.
   */
  private flightKey(after: Cursor, limit: number): string | undefined {
    const received = this.options.wakeUp?.received;
    return received === undefined ? undefined : `${after.transactionId}.${after.globalPosition}:${limit}:${received}`;
  }

  /** The cursor of the newest event that readers may see now (START when empty). */
  async head(): Promise<Cursor> {
    const result = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `SELECT e.transaction_id::text AS transaction_id, e.global_position FROM events e
       WHERE e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1`,
    );
    const row = result.rows[0];
    return row
      ? { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) }
      : { transactionId: 0n, globalPosition: 0n };
  }

  /**
   * Polls `readAll`; the optional wake-up listener (NOTIFY after appends) only
   * ends a wait early, so a notification that arrives between a read and the
   * wait costs at most `idleMs`.
   */
  subscribe(after: Cursor, options: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    return catchUp(
      {
        readAll: (cursor, limit) => this.readAll(cursor, limit),
        waitForEvents: (_cursor, idleMs, signal) => (this.options.wakeUp ? this.options.wakeUp.wait(idleMs, signal) : sleep(idleMs, signal)),
      },
      after,
      options,
    );
  }

  /** For callers that end a process after appending: waits until the wake-up of every append has been sent. */
  async flush(): Promise<void> {
    await this.notifier?.flush();
  }
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    type: row[5],
    data: row[7],
    eventId: row[4],
    schemaVersion: row[6],
    metadata: row[8],
    streamId: row[2],
    streamVersion: BigInt(row[3]),
    globalPosition: BigInt(row[0]),
    transactionId: BigInt(row[1]),
    createdAt: new Date(row[9]),
  };
}
