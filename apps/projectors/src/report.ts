// npm run report -- engagement|funnel [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--by …] [--format table|csv|json]:
// the engagement report or the funnel, replayed from the event stream itself.
import { openKurrentDbEventStore, PostgresEventStore, runningDatabaseUrl, type KurrentDbEventStore } from '@jokes/event-store';
import { createPool } from '@jokes/server';
import type pg from 'pg';
import { runReport } from './report/run-report.js';

const url = runningDatabaseUrl(process.env);
let pool: pg.Pool | undefined;
let kurrent: KurrentDbEventStore | undefined;
try {
  process.exitCode = await runReport(
    process.argv.slice(2),
    async () => {
      // The events where the product keeps them: KurrentDB where EVENTSTORE_URL names one.
      if (process.env.EVENTSTORE_URL?.trim()) return (kurrent = await openKurrentDbEventStore(process.env.EVENTSTORE_URL.trim()));
      // Two connections: one reads the next page while the other's is applied.
      pool = createPool(url, 'report', 2);
      return new PostgresEventStore(pool, { notify: false });
    },
    { stdout: process.stdout, stderr: process.stderr },
  );
} catch (error) {
  process.stderr.write(`report failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await kurrent?.close();
  await pool?.end();
}
