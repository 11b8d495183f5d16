// The built product, started as `npm start` starts it (the compiled tools/start.ts), on a
// database of the bench's PostgreSQL, free ports and a throw-away DATA_DIR;
// and the bare baseline server beside it. Both are children of the bench, so
// their CPU can be read from /proc (process-cpu.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, projectRoot } from '../postgres.ts';
import { RAISED_RATE_LIMITS } from '../stack.ts';

export interface RunningProcess {
  baseUrl: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/** The projects the product runs from (`nx` skips what is already built). */
const PRODUCT_PROJECTS = ['@jokes/product', '@jokes/command-api', '@jokes/query-api', '@jokes/projectors', '@jokes/edge', '@jokes/local-stripe', '@jokes/web'];

export function buildProduct(log: (line: string) => void): void {
  log(`  building ${PRODUCT_PROJECTS.join(', ')} (nx cache) and the supervisor (tools/tsconfig.start.json), as npm start does`);
  execFileSync(join(projectRoot(), 'node_modules/.bin/nx'), ['run-many', '-t', 'build', `--projects=${PRODUCT_PROJECTS.join(',')}`, '--output-style=static'], {
    cwd: projectRoot(),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync(join(projectRoot(), 'node_modules/.bin/tsc'), ['-p', 'tools/tsconfig.start.json'], { cwd: projectRoot(), stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The supervisor as `npm start` runs it, compiled by buildProduct. */
export const SUPERVISOR = join(projectRoot(), 'tools/dist/start.js');

function track(child: ChildProcess): { output: () => string; exited: Promise<void> } {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { output: () => lines.join(''), exited: new Promise((resolve) => child.once('exit', () => resolve())) };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(killer);
}

async function untilHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await fetch(url).then((answer) => answer.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy:\n${output().slice(-4000)}`);
}

/**
 * The product on `databaseUrl`, with its defaults otherwise (PROJECTOR_POLL_MS and all)
 * but the rate limits: a benchmark is one client sending thousands of requests a
 * minute, so they are raised past that (every request is still counted).
 */
export async function startProduct(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningProcess> {
  const [port, command, query, projectors, localStripe] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'jokes-bench-'));
  // The developer's tracing endpoint would measure the exporter too.
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _otel, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _traces, ...inherited } = process.env;
  const child = spawn(process.execPath, [SUPERVISOR], {
    cwd: projectRoot(),
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      COMMAND_API_PORT: String(command),
      QUERY_API_PORT: String(query),
      PROJECTORS_PORT: String(projectors),
      LOCAL_STRIPE_PORT: String(localStripe),
      ...RAISED_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, exited } = track(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child, exited);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilHealthy(`${baseUrl}/api/health`, child, output, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, output, stop };
}

/** The bare baseline server (bare-server.ts) on `databaseUrl`. */
export async function startBare(databaseUrl: string, files: { catalogue: string; home: string; event?: string }): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.ts')], {
    cwd: projectRoot(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BARE_CATALOGUE_FILE: files.catalogue,
      BARE_HOME_FILE: files.home,
      ...(files.event ? { BARE_EVENT_FILE: files.event } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, exited } = track(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child, exited);
  const deadline = Date.now() + 30_000;
  while (!output().includes('bare listening')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the bare server did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl, pid: child.pid!, output, stop };
}
