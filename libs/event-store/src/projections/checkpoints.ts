import type pg from 'pg';
import type { Cursor } from '../port/types.js';

export interface Checkpoint extends Cursor {
  version: number;
}

type Queryable = pg.Pool | pg.PoolClient;

interface CheckpointRow {
  last_transaction_id: string;
  last_position: string;
  version: number;
}

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  transactionId: BigInt(row.last_transaction_id),
  globalPosition: BigInt(row.last_position),
  version: row.version,
});

const COLUMNS = 'last_transaction_id::text AS last_transaction_id, last_position, version';

export async function readCheckpoint(db: Queryable, name: string, options: { forUpdate?: boolean } = {}): Promise<Checkpoint | undefined> {
  const result = await db.query<CheckpointRow>(
    `SELECT ${COLUMNS} FROM projection_checkpoints WHERE name = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [name],
  );
  return result.rows[0] ? toCheckpoint(result.rows[0]) : undefined;
}

export async function writeCheckpoint(db: Queryable, name: string, checkpoint: Checkpoint): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (name, last_transaction_id, last_position, version, updated_at)
     VALUES ($1, $2::xid8, $3, $4, now())
     ON CONFLICT (name) DO UPDATE SET last_transaction_id = EXCLUDED.last_transaction_id,
       last_position = EXCLUDED.last_position, version = EXCLUDED.version, updated_at = now()`,
    [name, checkpoint.transactionId.toString(), checkpoint.globalPosition.toString(), checkpoint.version],
  );
}

/** Every named projection has passed `cursor` (read-your-writes check, one query). */
export async function projectionsReached(db: Queryable, names: readonly string[], cursor: Cursor): Promise<boolean> {
  if (names.length === 0) return true;
  const result = await db.query<{ reached: string }>(
    `SELECT count(*) AS reached FROM projection_checkpoints
     WHERE name = ANY($1::text[]) AND (last_transaction_id, last_position) >= ($2::xid8, $3::bigint)`,
    [names, cursor.transactionId.toString(), cursor.globalPosition.toString()],
  );
  return Number(result.rows[0]?.reached ?? 0) === names.length;
}
