import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, projectRoot, removeDataDir } from './postgres.ts';

// Two checkouts on one machine: `npm start` with only PORT (and each its own
// DATA_DIR, as two clones have) must not collide on any internal port or on
// the embedded PostgreSQL's. Runs the built apps (npm test builds first) under
// the supervisor as npm start runs it: compiled to tools/dist (tsconfig.start.json).
interface Run {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: string[];
}

const runs: Run[] = [];

beforeAll(() => {
  execFileSync(join(projectRoot(), 'node_modules/.bin/tsc'), ['-p', 'tools/tsconfig.start.json'], { cwd: projectRoot(), stdio: 'inherit' });
}, 60_000);

async function start(): Promise<Run> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'jokes-side-by-side-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'PG_PORT', 'COMMAND_API_PORT', 'QUERY_API_PORT', 'PROJECTORS_PORT', 'LOCAL_STRIPE_PORT', 'TEST_DATABASE_URL']) delete env[name];
  const child = spawn(process.execPath, [join(projectRoot(), 'tools/dist/start.js')], { cwd: projectRoot(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = { child, port, dataDir, output: [] };
  child.stdout!.on('data', (chunk: Buffer) => run.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => run.output.push(chunk.toString()));
  runs.push(run);
  return run;
}

async function healthy(run: Run, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${run.port}/api/health`).then((answer) => answer.ok, () => false);
    if (ok) return true;
    if (run.child.exitCode !== null) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function stop(run: Run): Promise<void> {
  if (run.child.exitCode !== null) return;
  const exited = new Promise((resolve) => run.child.once('exit', resolve));
  run.child.kill('SIGTERM');
  const killer = setTimeout(() => run.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(killer);
}

afterAll(async () => {
  await Promise.all(runs.map(stop));
  for (const run of runs) removeDataDir(run.dataDir);
}, 60_000);

describe('two npm starts on one machine', () => {
  it('run side by side with nothing set but PORT, each on its own database port', async () => {
    const [first, second] = [await start(), await start()];
    const deadline = Date.now() + 150_000;
    const [firstUp, secondUp] = await Promise.all([healthy(first, deadline), healthy(second, deadline)]);
    // Started at the same moment, both may reach for the default database port: the loser takes a free one.
    const crashes = [...first.output, ...second.output].join('').split('\n').filter((line) => /(command-api|query-api|projectors|edge|local-stripe) exited \(/.test(line));
    expect({ firstUp, secondUp, crashes }).toEqual({
      firstUp: true,
      secondUp: true,
      crashes: [],
    });
    const recorded = [first, second].map((run) => readFileSync(join(run.dataDir, 'postgres.port'), 'utf8').trim());
    expect(new Set(recorded).size).toBe(2);
  }, 180_000);
});
