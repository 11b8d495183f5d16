import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';

export interface RateLimitRule {
  /** What is counted, e.g. `mail:ada@example.com` or `password-ip:10.0.0.7`. */
  bucket: string;
  limit: number;
}

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
    if (rules.length === 0) return undefined;
    const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
    const result = await this.pool.query<{ bucket: string; hits: number }>(
      `INSERT INTO auth_rate_limits (bucket, window_start, hits)
       SELECT bucket, $2, 1 FROM unnest($1::text[]) AS bucket
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = auth_rate_limits.hits + 1
       RETURNING bucket, hits`,
      [[...new Set(rules.map((rule) => rule.bucket))], windowStart],
    );
    if (++this.hitsSinceCleanup >= 500) {
      this.hitsSinceCleanup = 0;
      await this.pool.query(`DELETE FROM auth_rate_limits WHERE window_start < $1`, [new Date(windowStart.getTime() - 86_400_000)]);
    }
    const hits = new Map(result.rows.map((row) => [row.bucket, Number(row.hits)]));
    return rules.find((rule) => (hits.get(rule.bucket) ?? 0) > rule.limit);
  }
}
