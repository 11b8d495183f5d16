import type pg from 'pg';
import type { EventStore } from '../port/event-store.port.js';
import { compareCursors, START, type Cursor } from '../port/types.js';

/**
 * Resolves once the event at `position` is readable. PostgreSQL's reads stop
 * below the oldest transaction still running anywhere on the server, other
 * suites' on a shared test server too, so an append that has committed may
 * stay unread for a while; `head()` then lags behind it, and a test that waits
 * for a projection to reach `head()` would look at it too early.
 */
export async function untilReadable(store: Pick<EventStore, 'head'>, position: Cursor, timeoutMs = 15_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; compareCursors(await store.head(), position) < 0; ) {
    if (Date.now() > deadline) throw new Error(`the event at ${position.transactionId}/${position.globalPosition} did not become readable in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The cursor of the newest committed event, read or not yet readable (START on
 * an empty log): what a test that has stopped appending waits for, where
 * `head()` may still stand below it.
 */
export async function lastCommitted(pool: Pick<pg.Pool, 'query'>): Promise<Cursor> {
  const { rows } = await pool.query<{ transaction_id: string; global_position: string }>(
    'SELECT transaction_id::text AS transaction_id, global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  const row = rows[0];
  return row ? { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) } : START;
}
