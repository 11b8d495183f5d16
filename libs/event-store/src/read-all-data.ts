import type { PostgresEventStore } from './postgres-event-store.js';
import type { Cursor } from './types.js';

/** An event as a replay of the whole log needs it: what happened, and where it stands in the all-events order. */
export interface EventData<Type extends string = string, Data = unknown> extends Cursor {
  type: Type;
  data: Data;
}

/**
 * `readAll` for a replay that needs only each event's type and data, such as
 * `npm run report` over millions of events: the same order, the same rule that
 * only finished transactions are read (see `readAll`) and the same cursor, but
 * without the ids, metadata and times, whose parsing is most of a read's cost
 * on the client (measured ~2.2 µs an event against ~6 µs for `readAll`'s rows).
 * With `types`, only events of those types come back.
 */
export async function readAllData(store: PostgresEventStore, after: Cursor, limit = 1000, types?: readonly string[]): Promise<EventData[]> {
  return store.readAllData(after, limit, { types });
}
