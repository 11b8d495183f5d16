import type { AppendResult, Cursor, ExpectedVersion, NewEvent, StoredEvent } from './types.js';

export interface AppendOptions {
  /** Checked before anything is written; `any` when absent. */
  expectedVersion?: ExpectedVersion;
}

export interface ReadStreamOptions {
  /** First stream version to read (default 1, the first event). */
  fromVersion?: bigint;
  /** Last stream version to read, inclusive (default: the end). */
  toVersion?: bigint;
  /**
   * Only the stream's last `last` events (still in version order), however
   * long the stream: one short read from its end. `fromVersion` and
   * `toVersion` do not apply with it.
   */
  last?: number;
}

/**
 * Which events name a person, and by which data field: event type -> field
 * (`{ JokeRated: 'userId', JokeReported: 'reporterId' }`). The domain declares
 * it; a store reads by it without knowing the events. Ids only: personal data is
 * never an index key (DESIGN.md decision 16).
 */
export type PersonIndex = Readonly<Record<string, string>>;

export interface SubscribeOptions {
  /** Ends the subscription: the iteration finishes instead of waiting again. */
  signal: AbortSignal;
  /** Events per batch (default 1000). */
  batchSize?: number;
  /** Longest wait for new events before reading again (default 250 ms); a store may wake sooner. */
  idleMs?: number;
}

/**
 * The event store as the write side and the catch-up readers see it (DESIGN.md
 * decision 13). Every implementation passes `describeEventStoreContract`:
 * stream versions start at 1 and have no gaps, positions only grow, and the
 * errors are `WrongExpectedVersionError` and `DuplicateEventIdError`.
 */
export interface EventStore {
  /**
   * Appends atomically after checking the expected version. Events with ids
   * that were written before by the same append (same stream, type and data)
   * are not written again: the answer is the first one's, with `duplicate`.
   */
  append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** The stream's events in version order; an empty list when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /**
   * Up to `limit` events after `after` in cursor order, only ones that can no
   * longer be preceded by an event committed later: a reader that moves its
   * cursor to the last event returned never skips one.
   */
  readAll(after: Cursor, limit?: number): Promise<StoredEvent[]>;
  /** The cursor of the newest event `readAll` may return now (`START` when there is none). */
  head(): Promise<Cursor>;
  /**
   * Every committed event, on any stream, of a type in `index` whose field there
   * names `personId`, in cursor order: a person's acts on streams that are not
   * theirs (their ratings of other people's jokes), for their export.
   */
  readByPerson(personId: string, index: PersonIndex): Promise<StoredEvent[]>;
  /** Catch-up then live: batches after `after`, in cursor order, until the signal aborts. */
  subscribe(after: Cursor, options: SubscribeOptions): AsyncIterable<StoredEvent[]>;
}

/** The injection token apps depend on; the composition root decides which store it is. */
export const EVENT_STORE = Symbol('EventStore');
