import type { Cursor } from '../port/types.js';

/**
 * An event as a replay of the whole log needs it: what happened, and where it
 * stands in the all-events order. `PostgresEventStore.readAllData` reads only
 * this (for `npm run report` over millions of events and lean catch-ups): the
 * ids, metadata and times it leaves out are most of a read's cost on the client
 * (measured ~2.2 µs an event against ~6 µs for `readAll`'s rows).
 */
export interface EventData<Type extends string = string, Data = unknown> extends Cursor {
  type: Type;
  data: Data;
}
