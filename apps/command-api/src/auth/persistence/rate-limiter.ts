import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';

export interface RateLimitRule {
  /** What is counted, e.g. `mail:ada@example.com` or `password-client:10.0.0.7`. */
  bucket: string;
  limit: number;
}

export interface WindowedRule extends RateLimitRule {
  windowSeconds: number;
}

/** Hits counted before the outcome is known: `release` takes them back (the attempt did not count). */
export interface CountedHits<Rule extends WindowedRule> {
  /** The rules now over their limit, this hit included. */
  over: Rule[];
  release(): Promise<void>;
}

const windowStartOf = (now: Date, windowSeconds: number) => new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);

/**
 * Fixed-window counters in PostgreSQL, so every process (and every restart)
 * counts the same hits. A window allows at most twice the limit across its
 * boundary, which is acceptable for abuse limits and keeps one row per bucket.
 */
@Injectable()
export class RateLimiter {
  private hitsSinceCleanup = 0;

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** Counts one hit in every bucket; returns the first rule now over its limit, if any. */
  async hit(rules: readonly RateLimitRule[], windowSeconds: number, now: Date): Promise<RateLimitRule | undefined> {
    const { over } = await this.count(
      rules.map((rule) => ({ ...rule, windowSeconds })),
      now,
    );
    return rules.find((rule) => over.some((counted) => counted.bucket === rule.bucket));
  }

  /**
   * Counts one hit in every bucket, each in its own window, in one statement:
   * parallel requests each see the count their own hit made, so no more than
   * `limit` of them get through however many race.
   */
  async count<Rule extends WindowedRule>(rules: readonly Rule[], now: Date): Promise<CountedHits<Rule>> {
    // One row per bucket: an INSERT cannot update the same row twice.
    const counted = [...new Map(rules.map((rule) => [rule.bucket, rule])).values()];
    if (counted.length === 0) return { over: [], release: async () => undefined };
    const windows = counted.map((rule) => windowStartOf(now, rule.windowSeconds));
    const expiries = counted.map((rule, index) => new Date(windows[index]!.getTime() + rule.windowSeconds * 1000));
    const result = await this.pool.query<{ bucket: string; hits: number }>(
      `INSERT INTO auth_rate_limits (bucket, window_start, hits, expires_at)
       SELECT bucket, window_start, 1, expires_at FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS hit (bucket, window_start, expires_at)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = auth_rate_limits.hits + 1
       RETURNING bucket, hits`,
      [counted.map((rule) => rule.bucket), windows, expiries],
    );
    await this.cleanUpNowAndThen(now);
    const hits = new Map(result.rows.map((row) => [row.bucket, Number(row.hits)]));
    let released = false;
    return {
      over: rules.filter((rule) => (hits.get(rule.bucket) ?? 0) > rule.limit),
      release: async () => {
        if (released) return;
        released = true;
        await this.pool.query(
          `UPDATE auth_rate_limits AS counter SET hits = counter.hits - 1
           FROM unnest($1::text[], $2::timestamptz[]) AS hit (bucket, window_start)
           WHERE counter.bucket = hit.bucket AND counter.window_start = hit.window_start AND counter.hits > 0`,
          [counted.map((rule) => rule.bucket), windows],
        );
      },
    };
  }

  private async cleanUpNowAndThen(now: Date): Promise<void> {
    if (++this.hitsSinceCleanup < 500) return;
    this.hitsSinceCleanup = 0;
    await this.pool.query(`DELETE FROM auth_rate_limits WHERE expires_at < $1`, [now]);
  }
}
