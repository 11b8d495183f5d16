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
  const params: unknown[] = [after.transactionId.toString(), after.globalPosition.toString(), limit];
  if (types) params.push(types);
  const result = await store.pool.query<{ global_position: string; transaction_id: string; event_type: string; data: unknown }>(
    `SELECT e.global_position, e.transaction_id::text AS transaction_id, e.event_type, e.data FROM events e
     WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
       AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ${types ? 'AND e.event_type = ANY($4::text[])' : ''}
     ORDER BY e.transaction_id, e.global_position
     LIMIT $3`,
    params,
  );
  return result.rows.map((row) => ({ type: row.event_type, data: row.data, transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) }));
}
