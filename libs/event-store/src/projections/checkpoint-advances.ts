import type pg from 'pg';
import type { Cursor } from '../port/types.js';
import type { Checkpoint } from './checkpoints.js';

interface Advance {
  name: string;
  from: Cursor;
  to: Checkpoint;
  resolve(advanced: boolean): void;
  reject(error: unknown): void;
}

// Compare-and-set of many checkpoints in one statement: each moves only if it
// is still where its projector left it (a rebuild may have moved it meanwhile).
const ADVANCE_SQL = `UPDATE projection_checkpoints c
  SET last_transaction_id = n.to_tx, last_position = n.to_pos, version = n.version, updated_at = now()
  FROM unnest($1::text[], $2::xid8[], $3::bigint[], $4::xid8[], $5::bigint[], $6::int[]) AS n(name, from_tx, from_pos, to_tx, to_pos, version)
  WHERE c.name = n.name AND (c.last_transaction_id, c.last_position) = (n.from_tx, n.from_pos)
  RETURNING c.name`;

const batchers = new WeakMap<pg.Pool, CheckpointAdvances>();

/**
 * Moves the checkpoints of projections past batches they ignore. Every projector
 * of a process gets the same batch at the same moment (one shared read), and
 * most of them ignore most events: their advances made in the same turn of the
 * event loop go to PostgreSQL as one statement, one commit, instead of a
 * transaction each.
 */
export class CheckpointAdvances {
  private pending: Advance[] = [];

  private constructor(private readonly pool: pg.Pool) {}

  static of(pool: pg.Pool): CheckpointAdvances {
    let batcher = batchers.get(pool);
    if (!batcher) {
      batcher = new CheckpointAdvances(pool);
      batchers.set(pool, batcher);
    }
    return batcher;
  }

  /** Resolves true once `name`'s checkpoint moved from `from` to `to`, false if it was no longer at `from`. */
  advance(name: string, from: Cursor, to: Checkpoint): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ name, from, to, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const advances = this.pending;
    this.pending = [];
    try {
      const result = await this.pool.query<{ name: string }>({
        name: 'advance_checkpoints',
        text: ADVANCE_SQL,
        values: [
          advances.map((advance) => advance.name),
          advances.map((advance) => advance.from.transactionId.toString()),
          advances.map((advance) => advance.from.globalPosition.toString()),
          advances.map((advance) => advance.to.transactionId.toString()),
          advances.map((advance) => advance.to.globalPosition.toString()),
          advances.map((advance) => advance.to.version),
        ],
      });
      const moved = new Set(result.rows.map((row) => row.name));
      for (const advance of advances) advance.resolve(moved.has(advance.name));
    } catch (error) {
      for (const advance of advances) advance.reject(error);
    }
  }
}
