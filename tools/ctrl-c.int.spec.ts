import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedDataDir, freePort, projectRoot, removeDataDir } from './postgres.ts';

// `npm start` in a terminal, stopped with Ctrl-C: the terminal sends SIGINT to
// its whole foreground process group. Runs the compiled supervisor as npm
// start does (tools/dist, tsconfig.start.json), as the leader of a group of its own.
let child: ChildProcess | undefined;
let dataDir: string | undefined;
const output: string[] = [];

beforeAll(() => {
  execFileSync(join(projectRoot(), 'node_modules/.bin/tsc'), ['-p', 'tools/tsconfig.start.json'], { cwd: projectRoot(), stdio: 'inherit' });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  if (dataDir) removeDataDir(dataDir);
}, 30_000);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function untilHealthy(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((answer) => answer.ok, () => false)) return;
    if (child!.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not become healthy:\n${output.join('')}`);
}

describe('npm start and Ctrl-C', () => {
  it('stops everything, PostgreSQL last, without a connection of the product cut from under it', async () => {
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'jokes-ctrl-c-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
    for (const name of ['DATABASE_URL', 'PG_PORT', 'COMMAND_API_PORT', 'QUERY_API_PORT', 'PROJECTORS_PORT', 'LOCAL_STRIPE_PORT', 'TEST_DATABASE_URL']) delete env[name];
    child = spawn(process.execPath, [join(projectRoot(), 'tools/dist/start.js')], { cwd: projectRoot(), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await untilHealthy(port, Date.now() + 90_000);
    const postgresPid = Number(readFileSync(join(embeddedDataDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(alive(postgresPid)).toBe(true);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    // What a terminal does on Ctrl-C: SIGINT to every process of the foreground group.
    process.kill(-child.pid!, 'SIGINT');

    expect(await exited).toBe(0);
    const log = output.join('');
    expect(log).toContain('stopped');
    expect(log).not.toMatch(/pool error|terminating connection|exited \(/);
    expect(alive(postgresPid)).toBe(false);
  }, 150_000);
});
