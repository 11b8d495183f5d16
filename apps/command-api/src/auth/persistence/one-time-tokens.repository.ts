import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';
import type { AmrMethod } from '../tokens/access-token.js';
import { newSecret, sha256, type CodeChallengeMethod } from '../tokens/secrets.js';

/** A confirmation link, a reset link, or a PKCE auth code handed to the redirect. */
export type OneTimeTokenKind = 'confirmation' | 'recovery' | 'auth_code';

export interface Pkce {
  codeChallenge: string;
  codeChallengeMethod: CodeChallengeMethod;
}

export interface OneTimeTokenRow {
  kind: OneTimeTokenKind;
  user_id: string;
  code_challenge: string | null;
  code_challenge_method: CodeChallengeMethod | null;
  auth_method: AmrMethod | null;
  expires_at: Date;
  used_at: Date | null;
  /** Confirmation links: the password of the sign-up that sent it, which confirming sets. */
  password_hash: string | null;
}

const COLUMNS = 'kind, user_id, code_challenge, code_challenge_method, auth_method, expires_at, used_at, password_hash';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Single-use, expiring tokens, stored as hashes. */
@Injectable()
export class OneTimeTokens {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * A new link replaces the user's earlier unused one of the same kind, so only
   * the newest mail works (auth codes are independent of each other). A
   * confirmation link replaces only the one of the same sign-up (the same
   * password hash): another sign-up of the address cannot void the owner's
   * link. `db`: the transaction that also queues the mail carrying it.
   */
  async issue(
    token: { kind: OneTimeTokenKind; userId: string; expiresAt: Date; pkce?: Pkce; authMethod?: AmrMethod; passwordHash?: string },
    db: Queryable = this.pool,
  ): Promise<string> {
    const secret = newSecret();
    await db.query(
      `WITH replaced AS (
         DELETE FROM auth_one_time_tokens WHERE user_id = $2 AND kind = $1 AND kind <> 'auth_code' AND used_at IS NULL
           AND password_hash IS NOT DISTINCT FROM $8)
       INSERT INTO auth_one_time_tokens (token_hash, kind, user_id, code_challenge, code_challenge_method, auth_method, expires_at, password_hash)
       VALUES ($3, $1, $2, $4, $5, $6, $7, $8)`,
      [
        token.kind,
        token.userId,
        sha256(secret),
        token.pkce?.codeChallenge ?? null,
        token.pkce?.codeChallengeMethod ?? null,
        token.authMethod ?? null,
        token.expiresAt,
        token.passwordHash ?? null,
      ],
    );
    return secret;
  }

  /**
   * Marks the token used and returns it, or undefined when unknown, used,
   * expired or of another kind. A used token keeps no password hash.
   */
  async consume(secret: string, kinds: readonly OneTimeTokenKind[], now: Date): Promise<OneTimeTokenRow | undefined> {
    const result = await this.pool.query<OneTimeTokenRow>(
      `UPDATE auth_one_time_tokens t SET used_at = $3, password_hash = NULL
       FROM (SELECT token_hash, password_hash FROM auth_one_time_tokens WHERE token_hash = $1 FOR UPDATE) prior
       WHERE t.token_hash = prior.token_hash AND t.kind = ANY($2::text[]) AND t.used_at IS NULL AND t.expires_at > $3
       RETURNING t.kind, t.user_id, t.code_challenge, t.code_challenge_method, t.auth_method, t.expires_at, t.used_at, prior.password_hash`,
      [sha256(secret), kinds, now],
    );
    return result.rows[0];
  }

  /** Voids a user's unused links of a kind (the confirmations left once the address is confirmed). */
  async discardUnused(userId: string, kind: Exclude<OneTimeTokenKind, 'auth_code'>, db: Queryable = this.pool): Promise<void> {
    await db.query('DELETE FROM auth_one_time_tokens WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [userId, kind]);
  }

  /** Looks without using: for an idempotent retry that needs to know whose token it was. */
  async peek(secret: string, kinds: readonly OneTimeTokenKind[], now: Date): Promise<OneTimeTokenRow | undefined> {
    const result = await this.pool.query<OneTimeTokenRow>(
      `SELECT ${COLUMNS} FROM auth_one_time_tokens WHERE token_hash = $1 AND kind = ANY($2::text[]) AND expires_at > $3`,
      [sha256(secret), kinds, now],
    );
    return result.rows[0];
  }
}
