import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The embedded PostgreSQL's port when it is free; a second `npm start` on one machine takes a free one and records it. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;

/** Where `npm start` records the port of its embedded PostgreSQL, for the tools that reach it (grant-role, report, ...). */
export const embeddedPortFile = (dataDir: string): string => join(dataDir, 'postgres.port');

/**
 * The database a command-line tool uses: DATABASE_URL, else the embedded
 * server of a running `npm start`: PG_PORT, else the port that run recorded in
 * DATA_DIR (relative to the working directory, as npm start resolves it), else
 * the default port.
 */
export function runningDatabaseUrl(env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const port = env.PG_PORT || recordedPort(resolve(cwd, env.DATA_DIR ?? '.data')) || String(DEFAULT_EMBEDDED_PG_PORT);
  return `postgres://postgres:postgres@127.0.0.1:${port}/jokes`;
}

function recordedPort(dataDir: string): string | undefined {
  try {
    const port = readFileSync(embeddedPortFile(dataDir), 'utf8').trim();
    return /^\d{1,5}$/.test(port) ? port : undefined;
  } catch {
    return undefined;
  }
}
