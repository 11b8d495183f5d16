import { intFromEnv } from '@jokes/server';

export const PRIVACY_SETTINGS = Symbol('PRIVACY_SETTINGS');

/** The Privacy Policy's periods, as configuration with the policy's values as defaults (issue 11). */
export interface PrivacySettings {
  /** Days between a deletion request and the erasure (0: due at once). */
  erasureAfterDays: number;
  /** Days the product keeps its logs: mail outbox files and rows, rate-limit windows, ended sessions, used tokens, idempotency keys. */
  logRetentionDays: number;
  /** How often the privacy job looks for due erasures and old logs (0: only by hand, `npm run erase-due`). */
  jobIntervalMs: number;
  outboxDir: string;
}

export function privacySettingsFromEnv(env: NodeJS.ProcessEnv): PrivacySettings {
  return {
    erasureAfterDays: Math.max(0, intFromEnv(env, 'ERASURE_AFTER_DAYS', 30)),
    logRetentionDays: Math.max(1, intFromEnv(env, 'LOG_RETENTION_DAYS', 90)),
    jobIntervalMs: Math.max(0, intFromEnv(env, 'PRIVACY_JOB_INTERVAL_MS', 3_600_000)),
    outboxDir: env.MAIL_OUTBOX_DIR || `${env.DATA_DIR || '.data'}/outbox`,
  };
}
