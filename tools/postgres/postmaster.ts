import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The pid in a server data folder's `postmaster.pid` (its first line), or undefined when there is none. */
export function postmasterPid(serverDataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(serverDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    // No lock file: no server ran there, or it stopped cleanly.
    return undefined;
  }
}

/** Whether a process with this pid exists (one of another user's counts: signal 0 is then refused, not failed). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
