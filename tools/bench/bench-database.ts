// A throw-away database for one bench section: on DATABASE_URL's server, or on
// an embedded PostgreSQL of the section's own (its own data folder, so it can run
// beside `npm run bench`'s, and cluster-wide counters such as WAL are only ours).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { projectRoot, resolvePostgres, type RunningPostgres } from '../postgres.ts';

export interface BenchDatabase {
  url: string;
  /** True when the bench started the server itself (so WAL figures are the product's alone). */
  embedded: boolean;
  settings: Record<string, string>;
  close(): Promise<void>;
}

export async function openBenchDatabase(section: string, log: (line: string) => void): Promise<BenchDatabase> {
  const embedded = !process.env.DATABASE_URL;
  const serverLog: string[] = [];
  const postgres: RunningPostgres = await resolvePostgres({
    url: process.env.DATABASE_URL,
    dataDir: join(projectRoot(), '.data', `bench-${section}-postgres`),
    database: 'postgres',
    log: (line) => serverLog.push(line),
  });
  const admin = new pg.Client({ connectionString: postgres.url });
  admin.on('error', (error) => log(`admin connection: ${error.message}`));
  await admin.connect();
  if (embedded) {
    // Our own server: databases an interrupted run left behind can go.
    const stale = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'bench\\_%'`);
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  const name = `bench_${section}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const target = new URL(postgres.url);
  target.pathname = `/${name}`;
  const names = ['server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'max_connections'];
  const found = await admin.query<{ name: string; setting: string }>(
    'SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1::text[])',
    [names],
  );
  let closing: Promise<void> | undefined;
  return {
    url: target.toString(),
    embedded,
    settings: Object.fromEntries(found.rows.map((row) => [row.name, row.setting])),
    close: () =>
      (closing ??= (async () => {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((error: Error) => log(`could not drop ${name}: ${error.message}`));
        await admin.end().catch(() => undefined);
        await postgres.stop().catch((error: Error) => log(`could not stop PostgreSQL: ${error.message}`));
      })()),
  };
}
