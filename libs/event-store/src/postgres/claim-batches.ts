import type pg from 'pg';
import { firstOf, NextBatch } from '../workers/next-batch.js';

/** One event claiming the version after `version` of its stream: CLAIM_NEXT_SQL's parameters, data and metadata as JSON text. */
export interface Claim {
  streamId: string;
  version: bigint;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: string;
  metadata: string;
}

/** Where a claimed event landed; undefined when the claim wrote nothing (the version was taken, or not there to follow). */
export type Claimed = { global_position: string; transaction_id: string } | undefined;

interface Waiting {
  claim: Claim;
  resolve: (claimed: Claimed) => void;
  reject: (error: unknown) => void;
}

/** More claims than this wait for the next statement: at most 7 x 32 parameters, and one prepared statement per size up to it. */
const MAX_CLAIMS_PER_STATEMENT = 32;
const COLUMNS = 7;

/**
 * The claims of several single-event appends in one INSERT, as CLAIM_NEXT_SQL
 * makes each (a row per claim; a claim on a version already taken, or on a
 * version after one that does not exist, writes nothing), in one round trip
 * and one commit. Ordered by stream and version, so two statements take the
 * index entries in the same order and never wait on each other in a cycle.
 */
function claimsSql(count: number): string {
  const rows = Array.from({ length: count }, (_, row) => {
    const at = row * COLUMNS;
    return `($${at + 1}::text, $${at + 2}::bigint, $${at + 3}::uuid, $${at + 4}::text, $${at + 5}::int, $${at + 6}::jsonb, $${at + 7}::jsonb)`;
  });
  return `INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  SELECT c.stream_id, c.version + 1, c.event_id, c.event_type, c.schema_version, c.data, c.metadata
  FROM (VALUES ${rows.join(', ')}) AS c(stream_id, version, event_id, event_type, schema_version, data, metadata)
  WHERE c.version = 0 OR EXISTS (SELECT FROM events e WHERE e.stream_id = c.stream_id AND e.stream_version = c.version)
  ON CONFLICT (stream_id, stream_version) DO NOTHING
  RETURNING event_id::text AS event_id, global_position, transaction_id::text AS transaction_id`;
}

/**
 * Group commit for the store's single-event appends (what every command
 * appends): the claims that arrive while one statement runs go to PostgreSQL
 * together in the next, so under load a generate costs a fraction of a
 * statement and of a commit (each commit flushes the WAL), not one of each.
 * A claim arriving alone goes as it did before, in `single`'s statement.
 *
 * Each claim is answered as it would have been alone: its own row, or nothing
 * where its version was taken (by another writer, or by an earlier claim of
 * the same statement), so the store's fallback answers it the same way. The
 * claims of one statement commit together, in one transaction: readers order
 * by (transaction, position), which a statement keeps. If the statement fails
 * (an event id written before, bad data), nothing of it was written, and each
 * of its claims runs again alone: a claim that fails, fails alone.
 *
 * One statement is in flight at a time, so while a claim waits for another
 * transaction that holds its version uncommitted, the claims queued behind it
 * wait too. The transactions that hold claims are a request's (an
 * Idempotency-Key unit commits when its request answers) or another batch:
 * milliseconds, the price of one commit for many.
 */
export class ClaimBatches {
  private readonly queue = new NextBatch<Waiting, Waiting[]>(firstOf(MAX_CLAIMS_PER_STATEMENT), (batch) => this.send(batch));

  constructor(
    private readonly pool: pg.Pool,
    private readonly single: (claim: Claim) => Promise<Claimed>,
  ) {}

  claim(claim: Claim): Promise<Claimed> {
    return new Promise((resolve, reject) => this.queue.add({ claim, resolve, reject }));
  }

  private async send(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) await settle(batch[0]!, this.single(batch[0]!.claim));
    else await this.together(batch);
  }

  private async together(batch: Waiting[]): Promise<void> {
    const ordered = [...batch].sort((a, b) => compareClaims(a.claim, b.claim));
    const values: unknown[] = [];
    for (const { claim } of ordered) {
      values.push(claim.streamId, claim.version.toString(), claim.eventId, claim.type, claim.schemaVersion, claim.data, claim.metadata);
    }
    let rows: { event_id: string; global_position: string; transaction_id: string }[];
    try {
      ({ rows } = await this.pool.query({ name: `append_claim_next_x${ordered.length}`, text: claimsSql(ordered.length), values }));
    } catch {
      await Promise.all(batch.map((waiting) => settle(waiting, this.single(waiting.claim))));
      return;
    }
    const landed = new Map(rows.map((row) => [row.event_id, row]));
    // In statement order: of two claims of one event id, the first wrote it (the second found its version taken).
    for (const waiting of ordered) {
      const id = waiting.claim.eventId.toLowerCase();
      const row = landed.get(id);
      landed.delete(id);
      waiting.resolve(row && { global_position: row.global_position, transaction_id: row.transaction_id });
    }
  }
}

function settle(waiting: Waiting, claimed: Promise<Claimed>): Promise<void> {
  return claimed.then(waiting.resolve, waiting.reject);
}

function compareClaims(a: Claim, b: Claim): number {
  if (a.streamId !== b.streamId) return a.streamId < b.streamId ? -1 : 1;
  return a.version < b.version ? -1 : a.version > b.version ? 1 : 0;
}
