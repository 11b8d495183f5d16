import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSupervisor, healthy, startNpmStart, type NpmStartRun } from './npm-start-run.ts';
import { removeDataDir } from './postgres.ts';

// Two checkouts on one machine: `npm start` with only PORT (and each its own
// DATA_DIR, as two clones have) must not collide on any internal port or on
// the embedded PostgreSQL's. Runs the built apps (npm test builds first) under
// the supervisor as npm start runs it: compiled to tools/dist (tsconfig.start.json).
const runs: NpmStartRun[] = [];

beforeAll(compileSupervisor, 60_000);

async function start(): Promise<NpmStartRun> {
  const run = await startNpmStart({ name: 'side-by-side' });
  runs.push(run);
  return run;
}

async function stop(run: NpmStartRun): Promise<void> {
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
