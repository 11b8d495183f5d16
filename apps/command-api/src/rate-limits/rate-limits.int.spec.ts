import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import type pg from 'pg';
import { rateLimitPolicies } from './rate-limit.policies.js';
import { RATE_LIMIT_TABLE, RateLimits } from './rate-limits.js';
import { openRateLimits } from './rate-limits.module.js';

// The counters on a real PostgreSQL: what each caller is answered when many
// requests arrive together and their upserts go to the database as one statement.
let db: TestDatabase;
const statements: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase('limits');
  await openRateLimits(db.pool, {});
  // Every statement the counters send, by its prepared name.
  const query = db.pool.query.bind(db.pool) as (config: pg.QueryConfig | string, values?: unknown[]) => Promise<pg.QueryResult>;
  (db.pool as unknown as { query: typeof query }).query = (config, values) => {
    if (typeof config === 'object' && config.name) statements.push(config.name);
    return query(config, values);
  };
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

const limitsOf = (env: Record<string, string>) => new RateLimits(db.pool, rateLimitPolicies(env));
let clients = 0;
const newClient = () => `203.0.113.${++clients}`;

describe('RateLimits on PostgreSQL', () => {
  it('admits exactly the limit of 50 requests arriving together from one client, in one or two statements', async () => {
    const limits = limitsOf({ RATE_LIMIT_GENERATE_PER_MINUTE: '30', RATE_LIMIT_GENERATE_PER_HOUR: '1000' });
    const client = newClient();
    statements.length = 0;
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => limits.consume('generate', { client, identity: undefined })));

    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(30);
    // Each admitted request is told a different remaining count, as if they had run one after another.
    expect(
      verdicts
        .filter((verdict) => verdict.allowed)
        .map((verdict) => verdict.remaining)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 30 }, (_, index) => index));
    expect(verdicts.filter((verdict) => !verdict.allowed).every((verdict) => verdict.resetSeconds > 0 && verdict.resetSeconds <= 60)).toBe(true);
    // 100 counters (two windows × 50 requests) without coalescing would be 100 statements.
    const upserts = statements.filter((name) => name.endsWith('upsert'));
    expect(upserts.length).toBeGreaterThanOrEqual(1);
    expect(upserts.length).toBeLessThanOrEqual(2);
  });

  it('stores the count each window reached, for every process to read', async () => {
    const limits = limitsOf({ RATE_LIMIT_SHARE_PER_MINUTE: '100', RATE_LIMIT_SHARE_PER_HOUR: '1000' });
    const client = newClient();
    await Promise.all(Array.from({ length: 7 }, () => limits.consume('share', { client, identity: 'user-7' })));

    const { rows } = await db.pool.query<{ key: string; points: number }>(`SELECT key, points FROM ${RATE_LIMIT_TABLE} WHERE key LIKE $1 OR key LIKE $2 ORDER BY key`, [
      `%:client:${client}`,
      '%:id:user-7',
    ]);
    expect(rows).toEqual([
      { key: `share-hour:client:${client}`, points: 7 },
      { key: 'share-hour:id:user-7', points: 7 },
      { key: `share:client:${client}`, points: 7 },
      { key: 'share:id:user-7', points: 7 },
    ]);
  });

  it('counts one client across two processes sharing the table', async () => {
    const env = { RATE_LIMIT_RATE_PER_MINUTE: '10', RATE_LIMIT_RATE_PER_HOUR: '1000' };
    const [one, other] = [limitsOf(env), limitsOf(env)];
    const client = newClient();
    const verdicts = await Promise.all(Array.from({ length: 16 }, (_, index) => (index % 2 === 0 ? one : other).consume('rate', { client, identity: undefined })));

    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
  });

  it('starts a window again once it has expired', async () => {
    const limits = limitsOf({ RATE_LIMIT_REPORT_PER_MINUTE: '2', RATE_LIMIT_REPORT_PER_HOUR: '0' });
    const client = newClient();
    await Promise.all([1, 2].map(() => limits.consume('report', { client, identity: undefined })));
    await db.pool.query(`UPDATE ${RATE_LIMIT_TABLE} SET expire = $1 WHERE key = $2`, [Date.now() - 1, `report:client:${client}`]);

    // Another process (no in-memory block here) finds the stored window over and starts a new one.
    const verdict = await limitsOf({ RATE_LIMIT_REPORT_PER_MINUTE: '2', RATE_LIMIT_REPORT_PER_HOUR: '0' }).consume('report', { client, identity: undefined });
    expect(verdict).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('fails every request of a statement the database refuses, and counts again once it accepts', async () => {
    const limits = limitsOf({ RATE_LIMIT_ANALYTICS_PER_MINUTE: '100', RATE_LIMIT_ANALYTICS_PER_HOUR: '0' });
    await db.pool.query(`ALTER TABLE ${RATE_LIMIT_TABLE} ADD CONSTRAINT points_below_5 CHECK (points < 5) NOT VALID`);
    const client = newClient();
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => limits.consume('analytics', { client, identity: undefined })));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(6).fill('rejected'));
    } finally {
      await db.pool.query(`ALTER TABLE ${RATE_LIMIT_TABLE} DROP CONSTRAINT points_below_5`);
    }
    await expect(limits.consume('analytics', { client, identity: undefined })).resolves.toMatchObject({ allowed: true, remaining: 99 });
  });
});
