import type { KurrentDbEventStore, KurrentDbEventStoreOptions } from './kurrentdb-event-store.js';

/**
 * The KurrentDB event store for a connection string (EVENTSTORE_URL). The
 * client, and the native reader it loads, are imported here on first use, so
 * processes that keep their events in PostgreSQL never load them.
 */
export async function openKurrentDbEventStore(connectionString: string, options?: KurrentDbEventStoreOptions): Promise<KurrentDbEventStore> {
  const { KurrentDbEventStore } = await import('./kurrentdb-event-store.js');
  return KurrentDbEventStore.connect(connectionString, options);
}
