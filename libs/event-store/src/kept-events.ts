import type pg from 'pg';
import type { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store.js';
import { openKurrentDbEventStore } from './kurrentdb/open-kurrentdb-event-store.js';
import { PostgresEventStore, type EventStoreOptions } from './postgres/postgres-event-store.js';

export interface KeptEvents {
  /** Where the product keeps its events: KurrentDB where EVENTSTORE_URL names one, else PostgreSQL. */
  events: KurrentDbEventStore | PostgresEventStore;
  /** PostgreSQL on the pool given, whichever holds the events: checkpoints, read models, personal-data keys. */
  postgres: PostgresEventStore | undefined;
  /** KurrentDB, where EVENTSTORE_URL names one. */
  kurrent: KurrentDbEventStore | undefined;
  /** Closes the KurrentDB client (the pool is the caller's). */
  close(): Promise<void>;
}

/**
 * The events where the product keeps them, for a command-line tool (replay,
 * report, grant-role): one choice of store for all of them, so none reads
 * PostgreSQL's `events` table while the product writes to KurrentDB.
 * `eventStoreUrl` is the tool's EVENTSTORE_URL; `pool` may be left out only
 * where it is set and nothing else is needed.
 */
export async function openKeptEvents(eventStoreUrl: string | undefined, pool: pg.Pool | undefined, options: EventStoreOptions = {}): Promise<KeptEvents> {
  const postgres = pool ? new PostgresEventStore(pool, options) : undefined;
  const url = eventStoreUrl?.trim();
  const kurrent = url ? await openKurrentDbEventStore(url) : undefined;
  const events = kurrent ?? postgres;
  if (!events) throw new Error('No event store: set EVENTSTORE_URL or give a PostgreSQL pool');
  return { events, postgres, kurrent, close: async () => kurrent?.close() };
}
