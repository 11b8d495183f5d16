import { Inject, Injectable } from '@nestjs/common';
import { normalizeEmail } from '@jokes/domain';
import pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';

export interface AuthUserRow {
  id: string;
  email: string;
  password_hash: string;
  user_metadata: Record<string, unknown>;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, email, password_hash, user_metadata, confirmation_sent_at, recovery_sent_at, created_at, updated_at';

/** Credentials and profile data of accounts: what must never enter an event. */
@Injectable()
export class AuthUsers {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async findByEmail(email: string): Promise<AuthUserRow | undefined> {
    const result = await this.pool.query<AuthUserRow>(`SELECT ${COLUMNS} FROM auth_users WHERE email_normalized = $1`, [normalizeEmail(email)]);
    return result.rows[0];
  }

  async findById(id: string): Promise<AuthUserRow | undefined> {
    const result = await this.pool.query<AuthUserRow>(`SELECT ${COLUMNS} FROM auth_users WHERE id = $1`, [id]);
    return result.rows[0];
  }

  /**
   * Writes the credentials of a reserved account. An earlier attempt for the
   * same reservation may have left a row (it stopped before registering), so
   * the row is replaced: this sign-up's password is the one that counts.
   */
  async saveCredentials(account: {
    id: string;
    email: string;
    passwordHash: string;
    userMetadata: Record<string, unknown>;
    confirmationSentAt: Date;
  }): Promise<AuthUserRow> {
    const result = await this.pool.query<AuthUserRow>(
      `INSERT INTO auth_users (id, email, email_normalized, password_hash, user_metadata, confirmation_sent_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, password_hash = EXCLUDED.password_hash,
         user_metadata = EXCLUDED.user_metadata, confirmation_sent_at = EXCLUDED.confirmation_sent_at,
         created_at = now(), updated_at = now()
       RETURNING ${COLUMNS}`,
      [account.id, account.email.trim(), normalizeEmail(account.email), account.passwordHash, account.userMetadata, account.confirmationSentAt],
    );
    return result.rows[0]!;
  }

  async setPasswordHash(id: string, passwordHash: string, db: Pick<pg.ClientBase, 'query'> = this.pool): Promise<void> {
    await db.query('UPDATE auth_users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
  }

  /**
   * GoTrue's `updateUser({ data })`: a shallow merge into user_metadata, kept
   * only if the result `fits`. The row is locked while deciding, so concurrent
   * updates that each fit cannot add up to metadata that does not.
   */
  async mergeMetadata(id: string, data: Record<string, unknown>, fits: (merged: Record<string, unknown>) => boolean): Promise<Record<string, unknown> | 'too_large'> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const current = await client.query<{ user_metadata: Record<string, unknown> }>('SELECT user_metadata FROM auth_users WHERE id = $1 FOR UPDATE', [id]);
      const merged = { ...current.rows[0]?.user_metadata, ...data };
      if (!fits(merged)) {
        await client.query('ROLLBACK');
        return 'too_large';
      }
      await client.query('UPDATE auth_users SET user_metadata = $2, updated_at = now() WHERE id = $1', [id, merged]);
      await client.query('COMMIT');
      return merged;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Credentials of an account that is gone (sessions, tokens and known clients with them). */
  async remove(id: string): Promise<void> {
    await this.pool.query('DELETE FROM auth_users WHERE id = $1', [id]);
  }

  /** The address is confirmed (the user stream says so); kept here so the search for unconfirmed accounts skips it. */
  async markConfirmed(id: string, at: Date): Promise<void> {
    await this.pool.query('UPDATE auth_users SET email_confirmed_at = COALESCE(email_confirmed_at, $2) WHERE id = $1', [id, at]);
  }

  /** Accounts created before `before` not known to be confirmed, oldest first, leaving out `except`. */
  async unconfirmedBefore(before: Date, except: readonly string[], limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      'SELECT id FROM auth_users WHERE email_confirmed_at IS NULL AND created_at < $1 AND id <> ALL($2::uuid[]) ORDER BY created_at LIMIT $3',
      [before, except, limit],
    );
    return rows.map((row) => row.id);
  }

  /** `db`: the transaction that queues the mail. */
  async markMailSent(id: string, kind: 'confirmation' | 'recovery', at: Date, db: Pick<pg.ClientBase, 'query'> = this.pool): Promise<void> {
    const column = kind === 'confirmation' ? 'confirmation_sent_at' : 'recovery_sent_at';
    await db.query(`UPDATE auth_users SET ${column} = $2 WHERE id = $1`, [id, at]);
  }
}
