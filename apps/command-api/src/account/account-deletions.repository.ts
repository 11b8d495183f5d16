import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';

/** The `account_deletions` to-do list (see account.migrations.ts). */
@Injectable()
export class AccountDeletions {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async schedule(userId: string, erasureDueAt: Date, requestedAt: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO account_deletions (user_id, erasure_due_at, requested_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET erasure_due_at = EXCLUDED.erasure_due_at, requested_at = EXCLUDED.requested_at
       WHERE account_deletions.erased_at IS NULL`,
      [userId, erasureDueAt, requestedAt],
    );
  }

  async unschedule(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM account_deletions WHERE user_id = $1 AND erased_at IS NULL', [userId]);
  }

  /** Scheduled erasures whose date has come, oldest first. */
  async due(now: Date, limit = 100): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM account_deletions WHERE erased_at IS NULL AND erasure_due_at <= $1 ORDER BY erasure_due_at LIMIT $2',
      [now, limit],
    );
    return rows.map((row) => row.user_id);
  }

  async markErased(userId: string, at: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO account_deletions (user_id, erasure_due_at, requested_at, erased_at) VALUES ($1, $2, $2, $2)
       ON CONFLICT (user_id) DO UPDATE SET erased_at = COALESCE(account_deletions.erased_at, EXCLUDED.erased_at)`,
      [userId, at],
    );
  }

  /** People erased at least `years` before `now` whose payment records are still kept, the longest erased first. */
  async paymentRecordsDue(now: Date, years: number, limit = 100): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT user_id FROM account_deletions
       WHERE erased_at IS NOT NULL AND payment_records_erased_at IS NULL AND erased_at + make_interval(years => $2) <= $1
       ORDER BY erased_at LIMIT $3`,
      [now, years, limit],
    );
    return rows.map((row) => row.user_id);
  }

  async markPaymentRecordsErased(userId: string, at: Date): Promise<void> {
    await this.pool.query('UPDATE account_deletions SET payment_records_erased_at = COALESCE(payment_records_erased_at, $2) WHERE user_id = $1', [userId, at]);
  }
}
