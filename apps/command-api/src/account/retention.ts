import type pg from 'pg';
import { removeMailFilesBefore } from './mail-files.js';

export interface RetentionResult {
  mailRows: number;
  mailFiles: number;
  rateLimitRows: number;
  idempotencyKeys: number;
  sessions: number;
  oneTimeTokens: number;
  knownClients: number;
  tokenRevocations: number;
}

const DAY_MS = 86_400_000;

/**
 * What the product keeps that is a log of what people did, each kept no longer
 * than LOG_RETENTION_DAYS (the Privacy Policy's 90): mails (outbox rows and the
 * file outbox's `.eml` files, which hold addresses and links), the clients an
 * account signed in from, ended sessions and their refresh tokens, used or
 * expired one-time tokens. Rate-limit windows (addresses and IP addresses in
 * their names) and idempotency keys (recorded answers) go as soon as they have
 * expired: they are worth nothing after. The event store is the record, not a
 * log, and is kept; the processes log to stdout and keep nothing on disk.
 */
export async function applyRetention(pool: pg.Pool, options: { logRetentionDays: number; outboxDir: string; now: Date }): Promise<RetentionResult> {
  const before = new Date(options.now.getTime() - options.logRetentionDays * DAY_MS);
  const count = async (sql: string, values: unknown[]) => (await pool.query(sql, values)).rowCount ?? 0;
  return {
    mailRows: await count('DELETE FROM mail_outbox WHERE COALESCE(sent_at, given_up_at, created_at) < $1', [before]),
    mailFiles: await removeMailFilesBefore(options.outboxDir, before),
    rateLimitRows: await count('DELETE FROM auth_rate_limits WHERE expires_at < $1', [options.now]),
    idempotencyKeys: await count("DELETE FROM idempotency_keys WHERE expires_at < $1 AND state = 'done'", [options.now]),
    sessions: await count('DELETE FROM auth_sessions WHERE COALESCE(ended_at, not_after) < $1', [before]),
    oneTimeTokens: await count('DELETE FROM auth_one_time_tokens WHERE COALESCE(used_at, expires_at) < $1', [before]),
    knownClients: await count('DELETE FROM auth_known_clients WHERE last_signed_in_at < $1', [before]),
    // Once the last token a revocation voids has expired, there is nothing left to refuse.
    tokenRevocations: await count('DELETE FROM auth_token_revocations WHERE expires_at < $1', [options.now]),
  };
}
