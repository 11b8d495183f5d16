import type pg from 'pg';
import type { Checkpoint } from './checkpoints.js';

interface CheckpointRow {
  last_transaction_id: string;
  last_position: string | number;
  version: number;
}

// Prepared once per connection with SQL's PREPARE, so that each can travel in
// one message with the statements around it and is not planned every batch.
const PREPARE = `
PREPARE projector_lock_checkpoint(text) AS
  SELECT last_transaction_id::text AS last_transaction_id, last_position, version FROM projection_checkpoints WHERE name = $1 FOR UPDATE;
PREPARE projector_move_checkpoint(text, xid8, bigint, integer) AS
  UPDATE projection_checkpoints SET last_transaction_id = $2, last_position = $3, version = $4, updated_at = now() WHERE name = $1`;
const prepared = new WeakSet<pg.PoolClient>();

/** A projection's name as an SQL literal (names are the code's own; quoted all the same). */
const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;

/**
 * Opens the transaction of one batch and locks the projection's checkpoint, in
 * one round trip. Read models are derived: a crash may lose the last batch,
 * rows and checkpoint together, and the projector simply applies it again, so
 * the commit need not wait for the disk. The adapters' statements are prepared:
 * a generic plan spares planning them for every small batch (their custom plans
 * are hardly better), and no JIT compiles a large catch-up batch's.
 */
export async function beginBatch(client: pg.PoolClient, name: string): Promise<Checkpoint | undefined> {
  if (!prepared.has(client)) {
    await client.query(PREPARE);
    prepared.add(client);
  }
  const results = (await client.query(
    `BEGIN; SET LOCAL synchronous_commit = off; SET LOCAL jit = off; SET LOCAL plan_cache_mode = force_generic_plan;
     EXECUTE projector_lock_checkpoint(${literal(name)})`,
  )) as unknown as pg.QueryResult<CheckpointRow>[];
  const row = results.at(-1)!.rows[0];
  return row && { transactionId: BigInt(row.last_transaction_id), globalPosition: BigInt(row.last_position), version: row.version };
}

/** Moves the checkpoint locked by `beginBatch` and commits, in one round trip. */
export async function commitBatch(client: pg.PoolClient, name: string, next: Checkpoint): Promise<void> {
  await client.query(
    `EXECUTE projector_move_checkpoint(${literal(name)}, '${next.transactionId}', ${next.globalPosition}, ${Math.trunc(next.version)}); COMMIT`,
  );
}
