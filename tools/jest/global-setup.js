// Starts one real PostgreSQL for the whole Jest run (unless TEST_DATABASE_URL or
// DATABASE_URL names one). Suites create their own databases on it.
import { join } from 'node:path';
import { projectRoot, resolvePostgres } from '../postgres.ts';

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) return;
  const postgres = await resolvePostgres({
    url: process.env.DATABASE_URL,
    dataDir: join(projectRoot(), '.data', 'test-postgres'),
    database: 'jokes_test',
    // Where its files are when they had to move (running as root in a private folder), and any restart.
    notice: (line) => process.stdout.write(`[test-postgres] ${line}\n`),
  });
  process.env.TEST_DATABASE_URL = postgres.url;
  globalThis.__jokesTestPostgres = postgres;
}
