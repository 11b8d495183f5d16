import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { compileSupervisor, healthy, startNpmStart, type NpmStartRun } from './npm-start-run.ts';
import { embeddedDataDir, postmasterPid, processAlive, removeDataDir } from './postgres.ts';

// `npm start` in a terminal, stopped with Ctrl-C: the terminal sends SIGINT to
// its whole foreground process group. Runs the compiled supervisor as npm
// start does (tools/dist, tsconfig.start.json), as the leader of a group of its own.
let run: NpmStartRun | undefined;

beforeAll(compileSupervisor, 60_000);

afterAll(async () => {
  const child = run?.child;
  if (child && child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (run) removeDataDir(run.dataDir);
}, 30_000);

describe('npm start and Ctrl-C', () => {
  it('stops everything, PostgreSQL last, without a connection of the product cut from under it', async () => {
    run = await startNpmStart({ name: 'ctrl-c', detached: true });
    const { child, dataDir, output } = run;
    if (!(await healthy(run, Date.now() + 90_000))) throw new Error(`npm start did not become healthy:\n${output.join('')}`);
    const postgresPid = postmasterPid(embeddedDataDir(dataDir))!;
    expect(processAlive(postgresPid)).toBe(true);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // What a terminal does on Ctrl-C: SIGINT to every process of the foreground group.
    process.kill(-child.pid!, 'SIGINT');

    expect(await exited).toBe(0);
    const log = output.join('');
    expect(log).toContain('stopped');
    expect(log).not.toMatch(/pool error|terminating connection|exited \(/);
    expect(processAlive(postgresPid)).toBe(false);
  }, 150_000);
});
