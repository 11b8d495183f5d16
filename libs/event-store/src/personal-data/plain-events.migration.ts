import type pg from 'pg';
import { withTransaction } from '../postgres/transaction.js';
import type { PersonalDataCodec } from './personal-data-codec.js';

export interface PlainEventsMigrationOptions {
  /** The stream a reservation stream named by a plain address (`email-{address}`) moves to. */
  reservationStreamOf(address: string): string;
  batchSize?: number;
}

export interface PlainEventsMigrationResult {
  sealed: number;
  renamedStreams: number;
}

/** Reservation streams of the first version were named after the address itself; a keyed hash never contains an @. */
const PLAIN_RESERVATION = 'email-%@%';

/**
 * The one place where the append-only store is rewritten on purpose (issue 11):
 * events written before personal data was sealed get their personal fields
 * sealed in place, and reservation streams named by a plain address move to
 * their keyed-hash name. Each event keeps its id, type, position, transaction
 * id (projection cursors stay valid) and every non-personal field; only `data`
 * changes, and only by the sealing the live write path does itself.
 *
 * Idempotent and resumable: it looks only for what is still plain, works in
 * batches of one transaction each, and takes an advisory lock so processes
 * starting together do it once. `keys` should not cache (a rolled-back batch
 * must not leave a key in memory that is not in the table).
 */
export async function sealPlainEvents(pool: pg.Pool, codec: PersonalDataCodec, options: PlainEventsMigrationOptions): Promise<PlainEventsMigrationResult> {
  const types = Object.keys(codec.policy);
  const fields = [...new Set(Object.values(codec.policy).flatMap((rule) => Object.keys(rule.erased)))];
  const batchSize = options.batchSize ?? 500;
  let sealed = 0;
  for (;;) {
    const done = await withTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['personal-data:seal-plain-events']);
      const { rows } = await client.query<{ global_position: string; event_id: string; event_type: string; data: unknown }>(
        `SELECT global_position, event_id, event_type, data FROM events
         WHERE event_type = ANY($1::text[]) AND NOT data ? '$personal' AND data ?| $2::text[]
         ORDER BY global_position LIMIT $3`,
        [types, fields, batchSize],
      );
      for (const row of rows) {
        const data = await codec.sealData({ type: row.event_type, eventId: row.event_id, data: row.data }, client);
        await client.query('UPDATE events SET data = $2 WHERE global_position = $1', [row.global_position, JSON.stringify(data)]);
      }
      return rows.length;
    });
    sealed += done;
    if (done < batchSize) break;
  }
  const renamedStreams = await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['personal-data:seal-plain-events']);
    // A stream is its events (no row of its own since event-store migration 5).
    const { rows } = await client.query<{ stream_id: string }>('SELECT DISTINCT stream_id FROM events WHERE stream_id LIKE $1', [PLAIN_RESERVATION]);
    for (const { stream_id: plain } of rows) {
      const hashed = options.reservationStreamOf(plain.slice('email-'.length));
      await client.query('UPDATE events SET stream_id = $2 WHERE stream_id = $1', [plain, hashed]);
    }
    return rows.length;
  });
  return { sealed, renamedStreams };
}
