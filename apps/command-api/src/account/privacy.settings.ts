import { intFromEnv } from '@jokes/server';

export const PRIVACY_SETTINGS = Symbol('PRIVACY_SETTINGS');

/** The Privacy Policy's periods, as configuration with the policy's values as defaults (issue 11). */
export interface PrivacySettings {
  /** Days between a deletion request and the erasure (0: due at once). */
  erasureAfterDays: number;
  /** Years an erased person's payment records (provider ids, amounts) stay readable after the erasure, for accounting. */
  paymentRecordsYears: number;
  /** Days a sign-up may stay unconfirmed before the privacy job removes it (the address can register again). */
  unconfirmedAccountDays: number;
  /** Days the product keeps its logs: mail outbox files and rows, rate-limit windows, ended sessions, used tokens, idempotency keys. */
  logRetentionDays: number;
  /** How often the privacy job looks for due erasures and old logs (0: only by hand, `npm run erase-due`). */
  jobIntervalMs: number;
  outboxDir: string;
}

export function privacySettingsFromEnv(env: NodeJS.ProcessEnv): PrivacySettings {
  return {
    erasureAfterDays: Math.max(0, intFromEnv(env, 'ERASURE_AFTER_DAYS', 30)),
    paymentRecordsYears: positiveIntFromEnv(env, 'PAYMENT_RECORDS_YEARS', 7),
    unconfirmedAccountDays: positiveIntFromEnv(env, 'UNCONFIRMED_ACCOUNT_DAYS', 7),
    logRetentionDays: Math.max(1, intFromEnv(env, 'LOG_RETENTION_DAYS', 90)),
    jobIntervalMs: Math.max(0, intFromEnv(env, 'PRIVACY_JOB_INTERVAL_MS', 3_600_000)),
    outboxDir: env.MAIL_OUTBOX_DIR || `${env.DATA_DIR || '.data'}/outbox`,
  };
}

/** A whole number of at least 1 (years); anything else stops the start with the variable's name and value. */
function positiveIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}
