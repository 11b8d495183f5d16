import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { MailMessage } from './mailer.port.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface OutgoingMail extends MailMessage {
  /** What it is (confirmation, recovery): logs and health name mails by kind and id, never by address. */
  kind: string;
  /** An unsent earlier mail with the same key is dropped: its link was replaced by this one's. */
  supersedes?: string;
  /** Not worth sending after this: the link in it no longer works. */
  expiresAt?: Date;
}

/** What the health endpoint reports about mail. */
export interface MailStatus {
  /** Waiting to be sent (never tried, or waiting for the next attempt). */
  pending: number;
  /** Pending mails that failed at least once. */
  failing: number;
  /** Mails given up in the last 24 hours after every attempt failed. */
  failed: number;
  /** Age of the oldest pending mail; 0 when none. */
  oldestPendingSeconds: number;
}

const PENDING = 'sent_at IS NULL AND given_up_at IS NULL';

/**
 * The durable outbox: a mail is a row first, written in the transaction of
 * what it announces (the one-time token in its link), then sent by the
 * MailDispatcher. A transport that is down delays mail; it never loses it.
 */
export class MailOutbox {
  constructor(private readonly pool: pg.Pool) {}

  async enqueue(mail: OutgoingMail, db: Queryable = this.pool): Promise<string> {
    if (mail.supersedes) {
      await db.query(
        `UPDATE mail_outbox SET given_up_at = now(), given_up_reason = 'superseded', body_text = NULL, body_html = NULL
         WHERE supersede_key = $1 AND ${PENDING}`,
        [mail.supersedes],
      );
    }
    const id = randomUUID();
    await db.query(
      `INSERT INTO mail_outbox (id, kind, supersede_key, recipient, subject, body_text, body_html, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, mail.kind, mail.supersedes ?? null, mail.to, mail.subject, mail.text, mail.html, mail.expiresAt ?? null],
    );
    return id;
  }

  async status(): Promise<MailStatus> {
    const result = await this.pool.query<{ pending: number; failing: number; failed: number; oldest: string | null }>(
      `SELECT count(*) FILTER (WHERE ${PENDING})::int AS pending,
              count(*) FILTER (WHERE ${PENDING} AND attempts > 0)::int AS failing,
              count(*) FILTER (WHERE given_up_reason = 'failed' AND given_up_at > now() - interval '24 hours')::int AS failed,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE ${PENDING}))::text AS oldest
       FROM mail_outbox`,
    );
    const row = result.rows[0]!;
    return { pending: row.pending, failing: row.failing, failed: row.failed, oldestPendingSeconds: Math.floor(Number(row.oldest ?? 0)) };
  }
}
