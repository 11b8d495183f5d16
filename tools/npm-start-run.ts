// `npm start` as the specs run it: the compiled supervisor (tools/dist, built by
// tsconfig.start.json, as npm start builds it) on a PORT and a throw-away
// DATA_DIR of its own, every internal port and the database left to it, as in
// a fresh clone. Shared by side-by-side.int.spec.ts and ctrl-c.int.spec.ts.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, projectRoot } from './postgres.ts';

export interface NpmStartRun {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: string[];
}

/** What a developer's shell may set that a fresh clone's `npm start` would not have. */
const CHOSEN_BY_START = ['DATABASE_URL', 'PG_PORT', 'COMMAND_API_PORT', 'QUERY_API_PORT', 'PROJECTORS_PORT', 'LOCAL_STRIPE_PORT', 'TEST_DATABASE_URL'];

export function compileSupervisor(): void {
  execFileSync(join(projectRoot(), 'node_modules/.bin/tsc'), ['-p', 'tools/tsconfig.start.json'], { cwd: projectRoot(), stdio: 'inherit' });
}

/** Starts the supervisor; `detached` makes it the leader of a process group of its own, as a terminal's foreground job is. */
export async function startNpmStart(options: { name: string; detached?: boolean }): Promise<NpmStartRun> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `jokes-${options.name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of CHOSEN_BY_START) delete env[name];
  const child = spawn(process.execPath, [join(projectRoot(), 'tools/dist/start.js')], {
    cwd: projectRoot(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached === true,
  });
  const run: NpmStartRun = { child, port, dataDir, output: [] };
  child.stdout!.on('data', (chunk: Buffer) => run.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => run.output.push(chunk.toString()));
  return run;
}

/** Whether /api/health answers 200 before `deadline` (false as soon as the supervisor exits). */
export async function healthy(run: NpmStartRun, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${run.port}/api/health`).then((answer) => answer.ok, () => false);
    if (ok) return true;
    if (run.child.exitCode !== null) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
