import type pg from 'pg';
import { readCheckpoint, type Cursor } from '@jokes/event-store';

/**
 * The relay's position, kept like a projector's: a row of projection_checkpoints
 * (so the replay and rebuild tools see it), here for the last event the broker
 * acknowledged.
 */
export async function loadRelayCheckpoint(pool: pg.Pool, name: string): Promise<Cursor> {
  await pool.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  const checkpoint = (await readCheckpoint(pool, name))!;
  return { transactionId: checkpoint.transactionId, globalPosition: checkpoint.globalPosition };
}

/**
 * Moves the checkpoint from `from` to `to` only if it still is at `from`:
 * false means another relay moved it (it took over while this one was cut
 * off from its lock), and this one must stop instead of publishing on.
 */
export async function advanceRelayCheckpoint(pool: pg.Pool, name: string, from: Cursor, to: Cursor): Promise<boolean> {
  const result = await pool.query(
    `UPDATE projection_checkpoints SET last_transaction_id = $4::xid8, last_position = $5, updated_at = now()
     WHERE name = $1 AND last_transaction_id = $2::xid8 AND last_position = $3`,
    [name, from.transactionId.toString(), from.globalPosition.toString(), to.transactionId.toString(), to.globalPosition.toString()],
  );
  return result.rowCount === 1;
}
