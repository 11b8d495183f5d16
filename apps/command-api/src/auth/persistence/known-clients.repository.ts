import { Inject, Injectable } from '@nestjs/common';
import { normalizeEmail } from '@jokes/domain';
import pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';

/** The clients each account signed in from lately (`auth_known_clients`). */
@Injectable()
export class KnownClients {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * Whether the account of `email` signed in from `client` since `since`. Looked
   * up by address in one query whether or not an account exists, so the answer
   * takes the same time for unknown addresses.
   */
  async isKnown(email: string, client: string, since: Date): Promise<boolean> {
    const result = await this.pool.query(
      `SELECT 1 FROM auth_known_clients known JOIN auth_users account ON account.id = known.user_id
       WHERE account.email_normalized = $1 AND known.client = $2 AND known.last_signed_in_at >= $3`,
      [normalizeEmail(email), client, since],
    );
    return (result.rowCount ?? 0) > 0;
  }

  /** Remembers a sign-in, and forgets this account's clients not seen since `forgetBefore`. */
  async remember(userId: string, client: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.pool.query(
      `WITH forgotten AS (DELETE FROM auth_known_clients WHERE user_id = $1 AND client <> $2 AND last_signed_in_at < $4)
       INSERT INTO auth_known_clients (user_id, client, last_signed_in_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, client) DO UPDATE SET last_signed_in_at = GREATEST(auth_known_clients.last_signed_in_at, EXCLUDED.last_signed_in_at)`,
      [userId, client, at, forgetBefore],
    );
  }
}
