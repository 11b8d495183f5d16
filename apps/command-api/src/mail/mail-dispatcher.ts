import { log } from '@jokes/server';
import type pg from 'pg';
import { afterFailure, type MailRetrySettings } from './mail-retry.js';
import type { Mailer } from './mailer.port.js';

interface DueMail {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  attempts: number;
  expired: boolean;
}

type Outcome = 'none' | 'sent' | 'failed' | 'given-up';

/** A lost kick (or a mail queued by another process) waits at most this long. */
const POLL_MS = 60_000;
/** Sent and given-up rows are kept this long for diagnosis, bodies already erased. */
const KEEP_DAYS = 7;
const ERASE_BODIES = 'body_text = NULL, body_html = NULL';

/**
 * Sends the outbox through the transport (file outbox or SMTP), oldest due
 * first, each mail with retries and exponential back-off, then given up with
 * an error in the logs. A mail is claimed with FOR UPDATE SKIP LOCKED while it
 * is being sent, so processes side by side never send one mail twice at once;
 * a process that dies after the transport accepted a mail and before the
 * commit sends it again (at least once, as any outbox).
 */
export class MailDispatcher {
  private chain: Promise<unknown> = Promise.resolve();
  private pending: Promise<number> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly transport: Mailer,
    private readonly retry: MailRetrySettings,
  ) {}

  /** Sends what waited while the process was down, then keeps an eye on the outbox. */
  start(): void {
    this.kick();
    this.pollTimer = setInterval(() => {
      this.kick();
      this.purge();
    }, POLL_MS).unref();
  }

  /** A mail was committed: send soon. */
  kick(): void {
    void this.drain().catch((error: unknown) => log('warn', 'mail dispatch failed', { error: String(error) }));
  }

  /** Tries every mail due now once; concurrent calls share the next run. Resolves to the number sent. */
  drain(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.pending ??= new Promise<number>((resolve, reject) => {
      this.chain = this.chain.then(() => {
        this.pending = undefined;
        return this.sendDue().then(resolve, reject);
      });
    });
    return this.pending;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pollTimer);
    await this.chain.catch(() => undefined);
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    // Each mail is tried at most once per run, however short its back-off.
    const tried: string[] = [];
    while (!this.stopped) {
      const outcome = await this.sendOne(tried);
      if (outcome === 'none') break;
      if (outcome === 'sent') sent += 1;
    }
    await this.scheduleRetry();
    return sent;
  }

  private async sendOne(tried: string[]): Promise<Outcome> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const found = await client.query<DueMail>(
        `SELECT id, kind, recipient, subject, body_text, body_html, attempts, (expires_at IS NOT NULL AND expires_at <= now()) AS expired
         FROM mail_outbox WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= now() AND NOT (id = ANY($1::uuid[]))
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [tried],
      );
      const mail = found.rows[0];
      if (mail) tried.push(mail.id);
      const outcome = mail ? await this.attempt(client, mail) : 'none';
      await client.query('COMMIT');
      return outcome;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async attempt(client: pg.PoolClient, mail: DueMail): Promise<Outcome> {
    const fields = { mailId: mail.id, kind: mail.kind };
    if (mail.expired) {
      await client.query(`UPDATE mail_outbox SET given_up_at = now(), given_up_reason = 'expired', ${ERASE_BODIES} WHERE id = $1`, [mail.id]);
      log('error', 'mail given up: its link expired before it could be sent', { ...fields, attempts: mail.attempts });
      return 'given-up';
    }
    try {
      await this.transport.send({ to: mail.recipient, subject: mail.subject, text: mail.body_text, html: mail.body_html });
    } catch (error) {
      const failures = mail.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const next = afterFailure(failures, this.retry);
      if (next.giveUp) {
        await client.query(
          `UPDATE mail_outbox SET attempts = $2, last_error = $3, given_up_at = now(), given_up_reason = 'failed', ${ERASE_BODIES} WHERE id = $1`,
          [mail.id, failures, reason],
        );
        log('error', 'mail given up after every attempt failed', { ...fields, attempts: failures, transport: this.transport.transport, error: reason });
        return 'given-up';
      }
      await client.query(
        `UPDATE mail_outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
        [mail.id, failures, reason, next.delayMs / 1000],
      );
      log('warn', 'mail not sent, will retry', { ...fields, attempts: failures, retryInSeconds: next.delayMs / 1000, transport: this.transport.transport, error: reason });
      return 'failed';
    }
    await client.query(`UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL, ${ERASE_BODIES} WHERE id = $1`, [mail.id]);
    if (mail.attempts > 0) log('info', 'mail sent after earlier failures', { ...fields, attempts: mail.attempts + 1 });
    return 'sent';
  }

  /** Wakes up for the earliest retry (at most a poll away). */
  private async scheduleRetry(): Promise<void> {
    if (this.stopped) return;
    const next = await this.pool.query<{ wait_ms: string | null }>(
      `SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::bigint::text AS wait_ms
       FROM mail_outbox WHERE sent_at IS NULL AND given_up_at IS NULL`,
    );
    const waitMs = next.rows[0]?.wait_ms;
    clearTimeout(this.retryTimer);
    if (waitMs === null || waitMs === undefined) return;
    this.retryTimer = setTimeout(() => this.kick(), Math.min(POLL_MS, Math.max(10, Number(waitMs)))).unref();
  }

  private purge(): void {
    this.pool
      .query(`DELETE FROM mail_outbox WHERE sent_at < now() - make_interval(days => $1) OR given_up_at < now() - make_interval(days => $1)`, [KEEP_DAYS])
      .catch((error: unknown) => log('warn', 'could not purge old mail', { error: String(error) }));
  }
}
