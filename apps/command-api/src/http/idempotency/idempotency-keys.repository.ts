import { randomUUID } from 'node:crypto';
import { log } from '@jokes/server';
import type pg from 'pg';

export interface KeyRef {
  scope: string;
  key: string;
}

/** This execution owns the key until it records a result or releases it. */
export interface ClaimedKey extends KeyRef {
  attempt: string;
}

export type Claim =
  | ({ kind: 'claimed' } & ClaimedKey)
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'mismatch' }
  | { kind: 'running' };

export interface IdempotencySettings {
  /** How long a key and its first result are kept (the header's promise: at least 24 h). */
  retentionSeconds: number;
  /**
   * How long a running key stays locked without a sign of life. The running
   * execution renews it every third of that, so only a dead one loses it; a
   * retry after a crash waits at most this long (409 meanwhile).
   */
  leaseSeconds: number;
}

type Queryable = Pick<pg.ClientBase, 'query'>;

const PURGE_EVERY_MS = 10 * 60_000;

/** The `idempotency_keys` table: claim, renew, record, release. */
export class IdempotencyKeys {
  private lastPurge = 0;

  constructor(
    private readonly pool: pg.Pool,
    readonly settings: IdempotencySettings,
  ) {}

  /**
   * Takes the key for this execution: a new key, one whose retention ended, or
   * a running one whose owner died (same request only). Otherwise says why not.
   */
  async claim(ref: KeyRef, fingerprint: string): Promise<Claim> {
    this.purgeNow();
    const attempt = randomUUID();
    // A row can vanish between the two statements (purged); then try again.
    for (let tries = 0; tries < 3; tries++) {
      // The claim's commit does not wait for the disk (set_config's 'local' lasts to the end of
      // this one-statement transaction): the commit that records the result flushes the log up
      // to itself, and so the claim before it, and a claim a crash loses only lets the retry run
      // at once, where it would otherwise wait out the lease of an execution that died with it.
      const taken = await this.pool.query({
        // Named, as every statement on a keyed command's path: prepared once per connection, not planned per request.
        name: 'idempotency_claim',
        text: `INSERT INTO idempotency_keys AS k (scope, key, fingerprint, attempt, state, locked_until, expires_at)
         SELECT $1::text, $2::text, $3::text, $4::uuid, 'running', now() + make_interval(secs => $5), now() + make_interval(secs => $6)
           FROM (SELECT set_config('synchronous_commit', 'off', true)) AS claim_commits_without_waiting
         ON CONFLICT (scope, key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, attempt = EXCLUDED.attempt, state = 'running', status = NULL, body = NULL,
               locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at, created_at = now()
           WHERE k.expires_at <= now() OR (k.state = 'running' AND k.locked_until <= now() AND k.fingerprint = EXCLUDED.fingerprint)
         RETURNING attempt`,
        values: [ref.scope, ref.key, fingerprint, attempt, this.settings.leaseSeconds, this.settings.retentionSeconds],
      });
      if (taken.rowCount === 1) return { kind: 'claimed', ...ref, attempt };
      const found = await this.pool.query<{ fingerprint: string; state: 'running' | 'done'; status: number | null; body: unknown }>(
        'SELECT fingerprint, state, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [ref.scope, ref.key],
      );
      const row = found.rows[0];
      if (!row) continue;
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.state === 'done') return { kind: 'replay', status: row.status!, body: row.body };
      return { kind: 'running' };
    }
    return { kind: 'running' };
  }

  /**
   * Records the result, in the caller's transaction (the one holding what the
   * request appended), so both commit or neither does. False when this
   * execution no longer owns the key: then nothing of it may commit.
   */
  async complete(claim: ClaimedKey, status: number, body: unknown, db: Queryable = this.pool): Promise<boolean> {
    const updated = await db.query({
      name: 'idempotency_complete',
      text: `UPDATE idempotency_keys SET state = 'done', status = $4, body = $5::jsonb, locked_until = now()
       WHERE scope = $1 AND key = $2 AND attempt = $3 AND state = 'running'`,
      values: [claim.scope, claim.key, claim.attempt, status, JSON.stringify(body ?? null)],
    });
    return updated.rowCount === 1;
  }

  /** The execution failed and changed nothing: a retry with the key runs again. */
  async release(claim: ClaimedKey): Promise<void> {
    await this.pool.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND attempt = $3 AND state = 'running'`, [
      claim.scope,
      claim.key,
      claim.attempt,
    ]);
  }

  /** Renews the lease while the execution runs; call the result to stop. */
  keepAlive(claim: ClaimedKey): () => void {
    const timer = setInterval(() => {
      this.pool
        .query(
          `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $4)
           WHERE scope = $1 AND key = $2 AND attempt = $3 AND state = 'running'`,
          [claim.scope, claim.key, claim.attempt, this.settings.leaseSeconds],
        )
        .catch((error: unknown) => log('warn', 'could not renew an idempotency key lease', { error: String(error) }));
    }, (this.settings.leaseSeconds * 1000) / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Expired keys go, at most every ten minutes per process, off the request's path. */
  private purgeNow(): void {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.pool
      .query('DELETE FROM idempotency_keys WHERE expires_at < now()')
      .catch((error: unknown) => log('warn', 'could not purge expired idempotency keys', { error: String(error) }));
  }
}
