import { compareCursors, parseCursor } from '@jokes/event-store';
import { log } from '@jokes/server';
import type pg from 'pg';
import { signWebhookPayload } from './webhook-signature.js';

export interface DrainResult {
  delivered: number;
  /** The furthest event-store position the product reported for deliveries so far. */
  position: string | null;
}

const MAX_BACKOFF_SECONDS = 3600;

/**
 * Delivers the local provider's events the way Stripe does: signed POSTs to
 * the webhook endpoint, oldest first, retried with growing delays until the
 * endpoint answers 2xx. Rows are claimed with SKIP LOCKED, so several
 * processes may deliver side by side without sending one event twice at once.
 */
export class WebhookDispatcher {
  private chain: Promise<unknown> = Promise.resolve();
  private pending: Promise<DrainResult> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private furthest: string | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { url: string; secret: string },
  ) {}

  /** Something was committed: deliver soon. */
  kick(): void {
    void this.drain().catch((error: unknown) => log('warn', 'webhook delivery failed', { error: String(error) }));
  }

  /** Delivers everything due now; concurrent calls share the next run. */
  drain(): Promise<DrainResult> {
    if (this.stopped) return Promise.resolve({ delivered: 0, position: null });
    this.pending ??= new Promise<DrainResult>((resolve, reject) => {
      this.chain = this.chain.then(() => {
        this.pending = undefined;
        return this.deliverAll().then(resolve, reject);
      });
    });
    return this.pending;
  }

  /** What waits in the outbox: events the endpoint has not accepted yet, and those among them that failed. */
  async backlog(): Promise<{ waiting: number; failing: number }> {
    const result = await this.pool.query<{ waiting: string; failing: string }>(
      'SELECT count(*) AS waiting, count(*) FILTER (WHERE attempts > 0) AS failing FROM local_stripe.events WHERE delivered_at IS NULL',
    );
    return { waiting: Number(result.rows[0]?.waiting ?? 0), failing: Number(result.rows[0]?.failing ?? 0) };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.chain.catch(() => undefined);
  }

  private async deliverAll(): Promise<DrainResult> {
    let delivered = 0;
    while (!this.stopped) {
      const outcome = await this.deliverOne();
      if (outcome === 'none') break;
      if (outcome === 'failed') continue;
      delivered += 1;
      const reached = outcome.position ? parseCursor(outcome.position) : undefined;
      const best = this.furthest ? parseCursor(this.furthest) : undefined;
      if (reached && (!best || compareCursors(reached, best) > 0)) this.furthest = outcome.position;
    }
    await this.scheduleRetry();
    // An earlier run may have delivered the caller's events; the furthest
    // position seen covers them either way (runs never overlap).
    return { delivered, position: this.furthest };
  }

  private async deliverOne(): Promise<'none' | 'failed' | { position: string | null }> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const found = await client.query<{ seq: string; payload: string; attempts: number }>(
        `SELECT seq, payload::text AS payload, attempts FROM local_stripe.events
         WHERE delivered_at IS NULL AND next_attempt_at <= now() ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = found.rows[0];
      if (!row) {
        await client.query('COMMIT');
        return 'none';
      }
      const answer = await this.post(row.payload);
      if (answer.ok) {
        await client.query('UPDATE local_stripe.events SET delivered_at = now(), attempts = attempts + 1, last_error = NULL WHERE seq = $1', [row.seq]);
      } else {
        const delay = Math.min(MAX_BACKOFF_SECONDS, 2 ** row.attempts);
        await client.query(
          `UPDATE local_stripe.events SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE seq = $1`,
          [row.seq, answer.error, delay],
        );
      }
      await client.query('COMMIT');
      return answer.ok ? { position: answer.position } : 'failed';
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async post(payload: string): Promise<{ ok: true; position: string | null } | { ok: false; error: string }> {
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signWebhookPayload(payload, this.options.secret), 'user-agent': 'LocalStripe/1.0 (webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (!response.ok) return { ok: false, error: `HTTP ${response.status}: ${text.slice(0, 200)}` };
      const position = (JSON.parse(text || '{}') as { position?: unknown }).position;
      return { ok: true, position: typeof position === 'string' ? position : null };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Wakes up for the earliest retry (at most a minute away, so a restart of the endpoint is noticed). */
  private async scheduleRetry(): Promise<void> {
    if (this.stopped) return;
    const next = await this.pool.query<{ wait_ms: string | null }>(
      `SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::bigint AS wait_ms FROM local_stripe.events WHERE delivered_at IS NULL`,
    );
    const waitMs = next.rows[0]?.wait_ms;
    clearTimeout(this.retryTimer);
    if (waitMs === null || waitMs === undefined) return;
    this.retryTimer = setTimeout(() => this.kick(), Math.min(60_000, Math.max(100, Number(waitMs)))).unref();
  }
}
