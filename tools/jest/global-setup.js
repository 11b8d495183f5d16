// Starts one real PostgreSQL for the whole Jest run (unless TEST_DATABASE_URL
// names one): a container with TEST_CONTAINERS=1, else DATABASE_URL or the
// embedded server. Suites create their own databases on it, so the same tests
// run on either.
import { join } from 'node:path';
import { projectRoot, resolvePostgres } from '../postgres.ts';

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_URL) return;
  const postgres =
    process.env.TEST_CONTAINERS === '1'
      ? // Loaded only here, so a run without containers never loads testcontainers.
        await (await import('../postgres/container.ts')).startPostgresContainer('jokes_test')
      : await resolvePostgres({
          url: process.env.DATABASE_URL,
          dataDir: join(projectRoot(), '.data', 'test-postgres'),
          database: 'jokes_test',
          // Where its files are when they had to move (running as root in a private folder), and any restart.
          notice: (line) => process.stdout.write(`[test-postgres] ${line}\n`),
        });
  process.env.TEST_DATABASE_URL = postgres.url;
  globalThis.__jokesTestPostgres = postgres;
}
