import { openKurrentDbEventStore, PostgresEventStore, runningDatabaseUrl } from '@jokes/event-store';
import { createPool } from '@jokes/server/core';
import type { ReplaySource } from './stream-replay.js';

export interface ReportStore {
  store: ReplaySource;
  close(): Promise<void>;
}

/**
 * Where `npm run report` reads the events: where the product keeps them.
 * KurrentDB where EVENTSTORE_URL names one (PostgreSQL's events table is then
 * empty, and the report needs no database at all); else PostgreSQL,
 * DATABASE_URL or the embedded server of a running `npm start`.
 */
export async function openReportStore(env: NodeJS.ProcessEnv): Promise<ReportStore> {
  const url = env.EVENTSTORE_URL?.trim();
  if (url) {
    const kurrent = await openKurrentDbEventStore(url);
    return { store: kurrent, close: () => kurrent.close() };
  }
  // Two connections: one reads the next page while the other's is applied.
  const pool = createPool(runningDatabaseUrl(env), 'report', 2);
  return { store: new PostgresEventStore(pool, { notify: false }), close: () => pool.end() };
}
