import { openKeptEvents, runningDatabaseUrl } from '@jokes/event-store';
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
  // Two connections: one reads the next page while the other's is applied. KurrentDB needs no database at all.
  const pool = env.EVENTSTORE_URL?.trim() ? undefined : createPool(runningDatabaseUrl(env), 'report', 2);
  const kept = await openKeptEvents(env.EVENTSTORE_URL, pool, { notify: false });
  return { store: kept.events, close: async () => void (await Promise.all([kept.close(), pool?.end()])) };
}
