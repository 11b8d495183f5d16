import { randomUUID } from 'node:crypto';
import { BACKWARDS, END, KurrentDBClient, START, StreamNotFoundError, type Position, type ResolvedEvent } from '@kurrent/kurrentdb-client';
import { DuplicateEventIdError } from '../port/errors.js';
import type { AppendOptions, EventStore, PersonIndex, ReadStreamOptions, SubscribeOptions } from '../port/event-store.port.js';
import { namesPerson } from '../postgres/person-index.js';
import { traceAppend } from '../tracing/append-span.js';
import { compareCursors, START as START_CURSOR, type AppendResult, type Cursor, type NewEvent, type StoredEvent } from '../port/types.js';
import { confirmChosenIds, refusal } from './kurrentdb-append.js';
import { EventStoreUnavailableError, isConnectionFailure, KurrentWrongExpectedVersionError } from './kurrentdb-errors.js';
import { cursorOf, isProductEvent, positionOf, revisionOf, toEventData, toStoredEvent, toStreamState, versionOf } from './kurrentdb-mapping.js';
import { KurrentDbWakeUps, subscribeToAllFrom } from './kurrentdb-subscription.js';

export interface KurrentDbEventStoreOptions {
  /** Tries of a read whose connection failed before it is reported unavailable (default 4). */
  readAttempts?: number;
  /** First wait between them, doubling; also the wait before a dropped subscription subscribes again (default 200 ms). */
  retryDelayMs?: number;
  log?: (level: 'info' | 'warn', message: string, fields: Record<string, unknown>) => void;
}

/** Events per read of `readByPerson`'s pass over `$all`. */
const PERSON_SCAN_PAGE = 1000;

/** How far back `head` looks at once for the newest product event among KurrentDB's own. */
const HEAD_PAGE = 64n;

/**
 * The event store on KurrentDB (EventStoreDB's successor), through the
 * official gRPC client `@kurrent/kurrentdb-client`; chosen by EVENTSTORE_URL.
 * The port's rules are kept by mapping, not by changing them: versions from 1
 * (revision + 1), cursors from `$all` positions (see kurrentdb-mapping.ts),
 * KurrentDB's own answers to expected revisions and repeated event ids
 * (see kurrentdb-append.ts), and only the product's events in `$all` reads.
 *
 * Reads retry a dropped connection a few times, each on a new client (see
 * `retrying`); appends never do: an append whose answer was lost is reported
 * as `EventStoreUnavailableError` (HTTP 503), and the caller's retry with the
 * same event ids writes once.
 */
export class KurrentDbEventStore implements EventStore {
  private readonly readAttempts: number;
  private readonly retryDelayMs: number;
  private readonly connectionString: string;
  private current: KurrentDBClient;

  /** `kurrentdb://host:2113?tls=false`, or the older `esdb://` form. */
  constructor(
    connectionString: string,
    private readonly options: KurrentDbEventStoreOptions = {},
  ) {
    // The client warns on every use of the deprecated scheme; it means the same.
    this.connectionString = connectionString.replace(/^esdb(\+discover)?:\/\//, 'kurrentdb$1://');
    this.current = KurrentDBClient.connectionString(this.connectionString);
    this.readAttempts = options.readAttempts ?? 4;
    this.retryDelayMs = options.retryDelayMs ?? 200;
  }

  static connect(connectionString: string, options?: KurrentDbEventStoreOptions): KurrentDbEventStore {
    return new KurrentDbEventStore(connectionString, options);
  }

  get client(): KurrentDBClient {
    return this.current;
  }

  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('Nothing to append');
    return traceAppend(streamId, events, options, (traced) => this.write(streamId, traced, options));
  }

  private async write(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const expected = options.expectedVersion ?? 'any';
    const ids = events.map((event) => event.eventId ?? randomUUID());
    if (new Set(ids).size !== ids.length) throw new DuplicateEventIdError(streamId);
    // Only ids the caller chose can be seen again; their append is marked so its answer can tell a retry from the first write.
    const appendId = events.some((event) => event.eventId !== undefined) ? randomUUID() : undefined;
    let written;
    try {
      written = await this.client.appendToStream(
        streamId,
        events.map((event, index) => toEventData(event, ids[index]!, appendId)),
        { streamState: toStreamState(expected) },
      );
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) throw await refusal(this, { streamId, expected, ids, chosen: appendId !== undefined }, error);
      if (isConnectionFailure(error)) throw new EventStoreUnavailableError('append', error);
      throw error;
    }
    if (appendId) return confirmChosenIds(this, { streamId, events, ids, appendId }, written.nextExpectedRevision);
    return { nextExpectedVersion: versionOf(written.nextExpectedRevision), position: cursorOf(written.position!), duplicate: false };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    if (options.last !== undefined) {
      const last = BigInt(options.last);
      if (last <= 0n) return [];
      const events = await this.retrying('readStream', async () => {
        try {
          return await collect(this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: last }));
        } catch (error) {
          if (error instanceof StreamNotFoundError) return [];
          throw error;
        }
      });
      return events.map(toStoredEvent).reverse();
    }
    const from = options.fromVersion !== undefined && options.fromVersion > 1n ? options.fromVersion : 1n;
    if (options.toVersion !== undefined && options.toVersion < from) return [];
    const maxCount = options.toVersion === undefined ? undefined : options.toVersion - from + 1n;
    const events = await this.retrying('readStream', async () => {
      try {
        return await collect(this.client.readStream(streamId, { fromRevision: revisionOf(from), maxCount }));
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
    });
    return events.map(toStoredEvent);
  }

  /**
   * Up to `limit` product events after `after`. KurrentDB reads `$all` from a
   * position including the event at it, and its own events are skipped here,
   * so a page may bring fewer than asked: read on until enough or the end.
   */
  async readAll(after: Cursor, limit = 1000): Promise<StoredEvent[]> {
    const found: StoredEvent[] = [];
    const page = BigInt(limit) + 1n;
    let from = after;
    for (;;) {
      const start = positionOf(from);
      const read = await this.retrying('readAll', () => collect(this.client.readAll({ fromPosition: start === 'start' ? START : start, maxCount: page })));
      const fresh = read.filter((resolved) => compareCursors(cursorOf(resolved.event!.position!), from) > 0);
      found.push(...fresh.filter(isProductEvent).map(toStoredEvent));
      if (found.length >= limit) return found.slice(0, limit);
      if (BigInt(read.length) < page || fresh.length === 0) return found;
      from = cursorOf(fresh.at(-1)!.event!.position!);
    }
  }

  /**
   * One pass over `$all`, keeping the events that name the person. KurrentDB
   * has no index on data (its `$by_event_type` streams need system projections
   * enabled, and still hold every rating); an export is rare, so it reads the
   * log once, a page at a time.
   */
  async readByPerson(personId: string, index: PersonIndex): Promise<StoredEvent[]> {
    if (Object.keys(index).length === 0) return [];
    const found: StoredEvent[] = [];
    for (let after = START_CURSOR; ; ) {
      const page = await this.readAll(after, PERSON_SCAN_PAGE);
      found.push(...page.filter((event) => namesPerson(event, personId, index)));
      if (page.length < PERSON_SCAN_PAGE) return found;
      after = page.at(-1)!;
    }
  }

  /** The newest product event's cursor: read `$all` backwards past KurrentDB's own events. */
  async head(): Promise<Cursor> {
    let from: typeof END | Position = END;
    for (;;) {
      const start: typeof END | Position = from;
      const read: ResolvedEvent[] = await this.retrying('head', () => collect(this.client.readAll({ direction: BACKWARDS, fromPosition: start, maxCount: HEAD_PAGE })));
      const newest = read.find(isProductEvent);
      if (newest) return cursorOf(newest.event!.position!);
      if (BigInt(read.length) < HEAD_PAGE) return START_CURSOR;
      from = read.at(-1)!.event!.position!;
    }
  }

  /** Resolves when KurrentDB answers a read (for health checks); EventStoreUnavailableError when it does not. */
  async ping(): Promise<void> {
    await this.retrying('ping', () => collect(this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1n })));
  }

  /** KurrentDB's catch-up subscription to `$all` from `after`, resubscribing after a dropped connection. */
  subscribe(after: Cursor, options: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    return subscribeToAllFrom(() => this.current, after, {
      signal: options.signal,
      batchSize: options.batchSize ?? 1000,
      retryDelayMs: this.retryDelayMs,
      log: (message, fields) => this.options.log?.('warn', message, fields),
    });
  }

  /** Wake-ups for readers that poll `readAll` (the projectors): a live subscription to `$all`. */
  wakeUps(): KurrentDbWakeUps {
    return new KurrentDbWakeUps(() => this.current, { retryDelayMs: this.retryDelayMs, log: (message, fields) => this.options.log?.('warn', message, fields) });
  }

  async close(): Promise<void> {
    await this.current.dispose();
  }

  /**
   * A read, tried again on a new client while the connection fails; then
   * `EventStoreUnavailableError`. A new client because the client reads
   * through its native (Rust) reader, whose connection gives up for good once
   * its few discovery attempts failed while the server was down; appends and
   * subscriptions (gRPC in Node) reconnect by themselves.
   */
  async retrying<T>(operation: string, read: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = this.current;
      try {
        return await read();
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        if (attempt >= this.readAttempts) throw new EventStoreUnavailableError(operation, error);
        this.options.log?.('warn', 'KurrentDB read failed; retrying on a new connection', { operation, attempt, error: (error as Error).message });
        this.replace(client);
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** (attempt - 1)));
      }
    }
  }

  /** Once per failure, however many reads saw it. */
  private replace(failed: KurrentDBClient): void {
    if (this.current !== failed) return;
    this.current = KurrentDBClient.connectionString(this.connectionString);
    void failed.dispose().catch(() => undefined);
  }
}

/** Every event of a read (the client hands them one by one). */
async function collect(read: AsyncIterable<ResolvedEvent>): Promise<ResolvedEvent[]> {
  const events: ResolvedEvent[] = [];
  for await (const resolved of read) if (resolved.event) events.push(resolved);
  return events;
}
