import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { log, runsBackgroundJobs } from '@jokes/server';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { AccountDeletions } from './account-deletions.repository.js';
import { ErasureService, type ErasureOutcome } from './erasure.service.js';
import { PaymentRecordsErasure, type PaymentRecordsOutcome } from './payment-records.service.js';
import { PRIVACY_SETTINGS, type PrivacySettings } from './privacy.settings.js';
import { applyRetention, type RetentionResult } from './retention.js';
import { UnconfirmedAccounts, type UnconfirmedOutcome } from './unconfirmed-accounts.js';

export type PrivacyJobRun =
  | { ran: false }
  | {
      ran: true;
      erasures: Record<string, ErasureOutcome>;
      /** Erased people whose payment records' retention (PAYMENT_RECORDS_YEARS) ended in this run. */
      paymentRecords: Record<string, PaymentRecordsOutcome>;
      /** Sign-ups unconfirmed for UNCONFIRMED_ACCOUNT_DAYS, by user id. */
      unconfirmed: Record<string, UnconfirmedOutcome>;
      /** By user id; `payment-records:{userId}` for the end of their payment records, `unconfirmed:{userId}` for a removal. */
      failures: Record<string, string>;
      retention: RetentionResult;
    };

const LOCK = 'privacy-job';

/**
 * Due erasures, the end of erased people's payment records, unconfirmed sign-ups, and retention, in every command API process on a timer
 * (PRIVACY_JOB_INTERVAL_MS) and by hand (`npm run erase-due`): one process at
 * a time (a session advisory lock, tried, never waited for; the others skip
 * that round). Each step is idempotent, so a run killed half-way is completed
 * by the next one.
 */
@Injectable()
export class PrivacyJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @Inject(PRIVACY_SETTINGS) private readonly settings: PrivacySettings,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(AccountDeletions) private readonly deletions: AccountDeletions,
    @Inject(ErasureService) private readonly erasure: ErasureService,
    @Inject(PaymentRecordsErasure) private readonly paymentRecords: PaymentRecordsErasure,
    @Inject(UnconfirmedAccounts) private readonly unconfirmedAccounts: UnconfirmedAccounts,
  ) {}

  onApplicationBootstrap(): void {
    // On its timer in the processes that run background jobs (not a scaled-out `write` target); by hand anywhere.
    if (this.settings.jobIntervalMs === 0 || !runsBackgroundJobs(process.env)) return;
    const tick = () => {
      this.running = this.run().catch((error: unknown) => log('error', 'privacy job failed', { error: error instanceof Error ? error.stack : String(error) }));
      void this.running.finally(() => {
        if (this.timer !== undefined) this.timer = setTimeout(tick, this.settings.jobIntervalMs).unref();
      });
    };
    this.timer = setTimeout(tick, Math.min(this.settings.jobIntervalMs, 5_000)).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async run(now = new Date()): Promise<PrivacyJobRun> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [LOCK]);
      if (!rows[0]?.locked) return { ran: false };
      try {
        const { erasures, failures } = await this.erasures(now);
        const paymentRecords = await this.paymentRecordsDue(now, failures);
        const unconfirmed = await this.unconfirmedAccounts.removeExpired(now, failures);
        return { ran: true, erasures, paymentRecords, unconfirmed, failures, retention: await applyRetention(this.pool, { ...this.settings, now }) };
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK]).catch((error: Error) => (broken = error));
      }
    } finally {
      client.release(broken);
    }
  }

  private async erasures(now: Date): Promise<{ erasures: Record<string, ErasureOutcome>; failures: Record<string, string> }> {
    const erasures: Record<string, ErasureOutcome> = {};
    const failures: Record<string, string> = {};
    for (const userId of await this.deletions.due(now)) {
      try {
        erasures[userId] = await this.erasure.erase(userId, now);
      } catch (error) {
        // One person's failure (the provider down) must not hold up the others; the next run tries again.
        failures[userId] = error instanceof Error ? error.message : String(error);
        log('error', 'erasure failed; the next run tries again', { userId, error: failures[userId] });
      }
    }
    return { erasures, failures };
  }

  private async paymentRecordsDue(now: Date, failures: Record<string, string>): Promise<Record<string, PaymentRecordsOutcome>> {
    const outcomes: Record<string, PaymentRecordsOutcome> = {};
    let lagging = false;
    for (const userId of await this.deletions.paymentRecordsDue(now, this.settings.paymentRecordsYears)) {
      try {
        // Read models that lag for one person lag for all: the others of this run do not wait again.
        outcomes[userId] = await this.paymentRecords.erase(userId, now, lagging ? 0 : undefined);
        lagging ||= outcomes[userId] === 'waiting-for-read-models';
      } catch (error) {
        failures[`payment-records:${userId}`] = error instanceof Error ? error.message : String(error);
        log('error', 'erasing payment records failed; the next run tries again', { userId, error: failures[`payment-records:${userId}`] });
      }
    }
    return outcomes;
  }
}
