import type { Migration } from '@jokes/event-store';

/**
 * Component `rate-limits`: rate-limiter-flexible's table (its own DDL: key,
 * points, expire in epoch ms), created here so it can be UNLOGGED: counters
 * that a crash resets cost no WAL on the hottest routes. fillfactor leaves room
 * in each page for the upsert's new row version (a HOT update, no index write).
 */
export const rateLimitsMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'rate limit counters',
    sql: `
CREATE UNLOGGED TABLE rate_limit_counters (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
) WITH (fillfactor = 70);
`,
  },
];
