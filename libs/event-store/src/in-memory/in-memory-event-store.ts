import { randomUUID } from 'node:crypto';
import { catchUp, sleep } from '../postgres/catch-up.js';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../port/errors.js';
import { traceAppend } from '../tracing/append-span.js';
import { namesPerson } from '../postgres/person-index.js';
import type { AppendOptions, EventStore, PersonIndex, ReadStreamOptions, SubscribeOptions } from '../port/event-store.port.js';
import { compareCursors, START, type AppendResult, type Cursor, type ExpectedVersion, type NewEvent, type StoredEvent } from '../port/types.js';
import { asJson, sameJson } from '../port/json-values.js';

export interface InMemoryEventStoreOptions {
  /** The clock of `createdAt` (default: the system clock). */
  now?: () => Date;
}

/**
 * The event store in a process's memory, for fast unit tests of command
 * handlers (as emmett's in-memory store). It keeps the PostgreSQL store's
 * rules: versions from 1 without gaps, the same errors, idempotent event ids,
 * and data as it comes back from jsonb (a Date becomes its ISO string). Each
 * append is one "transaction": its events share a transaction id.
 */
export class InMemoryEventStore implements EventStore {
  private readonly all: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly byId = new Map<string, StoredEvent>();
  private readonly wakeUps = new Set<() => void>();
  private lastTransactionId = 0n;
  private readonly now: () => Date;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.now = options.now ?? (() => new Date());
  }

  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('Nothing to append');
    return traceAppend(streamId, events, options, async (traced) => this.write(streamId, traced, options));
  }

  private write(streamId: string, events: readonly NewEvent[], options: AppendOptions): AppendResult {
    const incoming = events.map((event) => ({ ...event, eventId: event.eventId ?? randomUUID(), data: asJson(event.data) }));
    const earlier = this.earlierAppend(streamId, incoming);
    if (earlier) return earlier;

    const stream = this.streams.get(streamId) ?? [];
    const current = stream.at(-1)?.streamVersion ?? 0n;
    const expected = options.expectedVersion ?? 'any';
    if (!versionMatches(expected, stream.length > 0, current)) {
      throw new WrongExpectedVersionError(streamId, expected, current, stream.length > 0);
    }
    if (new Set(incoming.map((event) => event.eventId)).size !== incoming.length) throw new DuplicateEventIdError(streamId);

    const transactionId = ++this.lastTransactionId;
    const createdAt = this.now();
    const written = incoming.map(
      (event, index): StoredEvent => ({
        type: event.type,
        data: event.data,
        eventId: event.eventId,
        schemaVersion: event.schemaVersion ?? 1,
        metadata: asJson(event.metadata ?? {}) as StoredEvent['metadata'],
        streamId,
        streamVersion: current + BigInt(index + 1),
        globalPosition: BigInt(this.all.length + index + 1),
        transactionId,
        createdAt,
      }),
    );
    this.streams.set(streamId, [...stream, ...written]);
    for (const event of written) this.byId.set(event.eventId, event);
    this.all.push(...written);
    for (const wake of [...this.wakeUps]) wake();
    return resultOf(written.at(-1)!, false);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    if (options.last !== undefined) return options.last <= 0 ? [] : (this.streams.get(streamId) ?? []).slice(-options.last).map(copy);
    const from = options.fromVersion ?? 1n;
    const to = options.toVersion ?? BigInt(Number.MAX_SAFE_INTEGER);
    return (this.streams.get(streamId) ?? []).filter((event) => event.streamVersion >= from && event.streamVersion <= to).map(copy);
  }

  async readAll(after: Cursor, limit = 1000): Promise<StoredEvent[]> {
    const first = this.firstAfter(after);
    return this.all.slice(first, first + limit).map(copy);
  }

  async head(): Promise<Cursor> {
    const last = this.all.at(-1);
    return last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : START;
  }

  async readByPerson(personId: string, index: PersonIndex): Promise<StoredEvent[]> {
    return this.all.filter((event) => namesPerson(event, personId, index)).map(copy);
  }

  subscribe(after: Cursor, options: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    return catchUp(
      {
        readAll: (cursor, limit) => this.readAll(cursor, limit),
        waitForEvents: async (cursor, idleMs, signal) => {
          if (this.firstAfter(cursor) < this.all.length) return;
          await sleep(idleMs, signal, this.wakeUps);
        },
      },
      after,
      options,
    );
  }

  /** The answer to a retried append, or undefined when none of its event ids is stored. */
  private earlierAppend(streamId: string, incoming: readonly (NewEvent & { eventId: string })[]): AppendResult | undefined {
    const found = incoming.map((event) => this.byId.get(event.eventId));
    if (found.every((stored) => stored === undefined)) return undefined;
    const sameAppend = found.every(
      (stored, index) => stored?.streamId === streamId && stored.type === incoming[index]!.type && sameJson(stored.data, incoming[index]!.data),
    );
    if (!sameAppend) throw new DuplicateEventIdError(streamId);
    const last = (found as StoredEvent[]).reduce((a, b) => (a.streamVersion > b.streamVersion ? a : b));
    return resultOf(last, true);
  }

  /** Index of the first event after `after`: events are kept in cursor order. */
  private firstAfter(after: Cursor): number {
    let low = 0;
    let high = this.all.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareCursors(this.all[middle]!, after) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function versionMatches(expected: ExpectedVersion, exists: boolean, current: bigint): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return !exists;
  if (expected === 'stream_exists') return exists;
  return BigInt(expected) === current;
}

function resultOf(last: StoredEvent, duplicate: boolean): AppendResult {
  return {
    nextExpectedVersion: last.streamVersion,
    position: { transactionId: last.transactionId, globalPosition: last.globalPosition },
    duplicate,
  };
}

/** Readers get their own objects, as from a database, so they cannot change what is stored. */
function copy(event: StoredEvent): StoredEvent {
  return { ...event, data: asJson(event.data), metadata: asJson(event.metadata) as StoredEvent['metadata'], createdAt: new Date(event.createdAt) };
}
