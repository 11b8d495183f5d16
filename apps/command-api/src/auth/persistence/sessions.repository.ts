import { Inject, Injectable } from '@nestjs/common';
import { withTransaction } from '@jokes/event-store';
import { announceRevocations, revokeSessionTokens } from '@jokes/server';
import pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import type { AmrEntry } from '../tokens/access-token.js';
import { newSecret, sha256 } from '../tokens/secrets.js';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  remember_me: boolean;
  not_after: Date;
  ended_at: Date | null;
}

export type Rotation =
  | { outcome: 'rotated'; session: SessionRow; refreshToken: string }
  | { outcome: 'not_found' }
  | { outcome: 'expired' }
  /** An already-rotated token came back: someone holds a copy, so the session is ended. */
  | { outcome: 'reused'; session: SessionRow };

const SESSION_COLUMNS = 's.id, s.user_id, s.aal, s.amr, s.remember_me, s.not_after, s.ended_at';

/**
 * Sessions and their single-use refresh-token chains. A session that ends is
 * added to the token revocations in the same transaction, so every API
 * refuses its access tokens (within 5 s) rather than until they expire.
 */
@Injectable()
export class Sessions {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
  ) {}

  /** Opens a session with its first refresh token; only the token's hash is kept. */
  async open(session: { id: string; userId: string; amr: AmrEntry[]; rememberMe: boolean; notAfter: Date }): Promise<string> {
    const refreshToken = newSecret();
    await this.pool.query(
      `WITH opened AS (
         INSERT INTO auth_sessions (id, user_id, amr, remember_me, not_after) VALUES ($1, $2, $3, $4, $5) RETURNING id)
       INSERT INTO auth_refresh_tokens (token_hash, session_id) SELECT $6, id FROM opened`,
      [session.id, session.userId, JSON.stringify(session.amr), session.rememberMe, session.notAfter, sha256(refreshToken)],
    );
    return refreshToken;
  }

  /** Removes a session whose sign-in could not be recorded, before anyone got its tokens. */
  async discard(sessionId: string): Promise<void> {
    await this.pool.query('DELETE FROM auth_sessions WHERE id = $1', [sessionId]);
  }

  async findLive(sessionId: string, now: Date): Promise<SessionRow | undefined> {
    const result = await this.pool.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS} FROM auth_sessions s WHERE s.id = $1 AND s.ended_at IS NULL AND s.not_after > $2`,
      [sessionId, now],
    );
    return result.rows[0];
  }

  /**
   * Exchanges a refresh token for the next one of its chain. The rows are
   * locked, so two requests with the same token cannot both succeed: the
   * second sees it rotated and ends the session.
   */
  async rotate(refreshToken: string, now: Date): Promise<Rotation> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const found = await client.query<SessionRow & { rotated_at: Date | null }>(
        `SELECT ${SESSION_COLUMNS}, t.rotated_at FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
         WHERE t.token_hash = $1 FOR UPDATE OF t, s`,
        [sha256(refreshToken)],
      );
      const row = found.rows[0];
      let rotation: Rotation;
      if (!row || row.ended_at !== null) {
        rotation = { outcome: 'not_found' };
      } else if (row.not_after <= now) {
        await client.query(`UPDATE auth_sessions SET ended_at = $2, end_reason = 'expired' WHERE id = $1`, [row.id, now]);
        rotation = { outcome: 'expired' };
      } else if (row.rotated_at !== null) {
        await client.query(`UPDATE auth_sessions SET ended_at = $2, end_reason = 'refresh-token-reused' WHERE id = $1`, [row.id, now]);
        await revokeSessionTokens(client, [this.lastTokenExpiry(row, now)]);
        rotation = { outcome: 'reused', session: row };
      } else {
        const next = newSecret();
        await client.query('UPDATE auth_refresh_tokens SET rotated_at = $2 WHERE token_hash = $1', [sha256(refreshToken), now]);
        await client.query('INSERT INTO auth_refresh_tokens (token_hash, session_id, parent_hash) VALUES ($1, $2, $3)', [
          sha256(next),
          row.id,
          sha256(refreshToken),
        ]);
        await client.query('UPDATE auth_sessions SET refreshed_at = $2 WHERE id = $1', [row.id, now]);
        rotation = { outcome: 'rotated', session: row, refreshToken: next };
      }
      await client.query('COMMIT');
      if (rotation.outcome === 'reused') await announceRevocations(this.pool);
      return rotation;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Ends a user's live sessions: `only` one, every one `except` one, or all.
   * Returns the ids it ended, for the events that record it.
   */
  async end(userId: string, which: { only?: string; except?: string }, reason: string, now: Date): Promise<string[]> {
    const ended = await withTransaction(this.pool, async (client) => {
      const result = await client.query<{ id: string; not_after: Date }>(
        `UPDATE auth_sessions SET ended_at = $2, end_reason = $3
         WHERE user_id = $1 AND ended_at IS NULL AND not_after > $2
           AND ($4::uuid IS NULL OR id = $4) AND ($5::uuid IS NULL OR id <> $5)
         RETURNING id, not_after`,
        [userId, now, reason, which.only ?? null, which.except ?? null],
      );
      await revokeSessionTokens(client, result.rows.map((row) => this.lastTokenExpiry(row, now)));
      return result.rows.map((row) => row.id);
    });
    if (ended.length > 0) await announceRevocations(this.pool);
    return ended;
  }

  /** An access token lives until the session's end or its own lifetime from its issue, whichever is first. */
  private lastTokenExpiry(session: { id: string; not_after: Date }, now: Date): { id: string; until: Date } {
    const lifetimeEnd = now.getTime() + this.settings.accessTokenSeconds * 1000;
    return { id: session.id, until: new Date(Math.min(session.not_after.getTime(), lifetimeEnd)) };
  }
}
