// Starts the built product on a fresh database and free ports, for browser and
// end-to-end tests: the same supervisor as `npm start`, nothing mocked.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, projectRoot, removeDataDir } from './postgres.ts';

/**
 * Every `RATE_LIMIT_*` of the command API (README "Configuration") raised past
 * anything a test or benchmark sends: for runs that are one client sending
 * thousands of requests a minute on purpose. Every request is still counted.
 */
export const RAISED_RATE_LIMITS: Record<string, string> = Object.fromEntries(
  ['GENERATE', 'TEXT_TO_SPEECH', 'ANALYTICS', 'SHARE', 'RATE', 'REPORT'].flatMap((name) => [
    [`RATE_LIMIT_${name}_PER_MINUTE`, '1000000000'],
    [`RATE_LIMIT_${name}_PER_HOUR`, '1000000000'],
  ]),
);

export interface RunningStack {
  baseUrl: string;
  databaseUrl: string;
  /** The stack's DATA_DIR; with `embeddedDatabase`, its PostgreSQL data is in `postgres/` there. */
  dataDir: string;
  /** What the supervisor and the processes printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  env?: Record<string, string>;
  /** Run the product's own embedded PostgreSQL, as `npm start` does without DATABASE_URL. */
  embeddedDatabase?: boolean;
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set (the Jest global setup provides it)');
  const name = `stack_${randomBytes(5).toString('hex')}`;
  const [port, command, query, projectors, localStripe, pgPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
  let url: URL;
  if (options.embeddedDatabase) {
    url = new URL(`postgres://postgres:postgres@127.0.0.1:${pgPort}/jokes`);
  } else {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    url = new URL(base);
    url.pathname = `/${name}`;
  }

  // Each stack keeps its files (the mail outbox) apart from the developer's .data.
  const dataDir = mkdtempSync(join(tmpdir(), 'jokes-stack-'));
  const output: string[] = [];
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(projectRoot(), 'tools/start.ts')], {
    cwd: projectRoot(),
    env: {
      ...inherited,
      ...(options.embeddedDatabase ? { PG_PORT: String(pgPort) } : { DATABASE_URL: url.toString() }),
      DATA_DIR: dataDir,
      PORT: String(port),
      COMMAND_API_PORT: String(command),
      QUERY_API_PORT: String(query),
      PROJECTORS_PORT: String(projectors),
      LOCAL_STRIPE_PORT: String(localStripe),
      PROJECTOR_POLL_MS: '100',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    if (!options.embeddedDatabase) {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
    removeDataDir(dataDir);
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { baseUrl, databaseUrl: url.toString(), dataDir, output: () => output.join(''), stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`The stack did not become healthy:\n${output.join('').slice(-4000)}`);
}
