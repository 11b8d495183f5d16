// One PostgreSQL server process, started from the embedded binaries and kept
// running: if it dies (a crash, `kill -9`), it is started again with the same
// back-off as every other process of `npm start`, until stop() is called.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { NO_CRASHES, nextRestart, type RestartHistory } from '../supervisor/backoff.ts';
import { binary } from './binaries.ts';
import type { Placement } from './placement.ts';
import { postmasterPid } from './postmaster.ts';

export interface ServerOptions {
  placement: Placement;
  port: number;
  user: string;
  password: string;
  /** The server's own output, line by line. */
  log: (line: string) => void;
  /** What the supervision does: exits, restarts, recovery. */
  notice: (line: string) => void;
  /**
   * A process group of its own: a terminal's Ctrl-C (SIGINT to its foreground
   * group) then reaches the supervisor only, which stops the server after the
   * processes that use it. Only for a caller that always stops it.
   */
  ownProcessGroup?: boolean;
}

// English messages whatever the machine's locale, so logs read the same everywhere.
const ENV = { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' };
// A first start replays the WAL after an unclean stop; a minute covers a large one on a slow disk.
const START_TIMEOUT_MS = 60_000;

export class EmbeddedServer {
  private child: ChildProcess | undefined;
  private stopping = false;
  private history: RestartHistory = NO_CRASHES;
  private startedAt = 0;
  private downSince: number | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  /** The server's last lines, for the error when it does not start. */
  private readonly recent: string[] = [];
  private readonly options: ServerOptions;

  constructor(options: ServerOptions) {
    this.options = options;
  }

  /** The postmaster's process id, while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get dataDir(): string {
    return this.options.placement.dataDir;
  }

  /** Creates the cluster if the data folder has none yet. */
  async initialise(): Promise<void> {
    const { placement, user, password } = this.options;
    if (existsSync(join(placement.dataDir, 'PG_VERSION'))) return;
    // initdb reads the password from a file the server's user can read.
    const passwordFile = join(dirname(placement.dataDir), `.pg-password-${randomBytes(6).toString('hex')}`);
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (placement.user) chownSync(passwordFile, placement.user.uid, placement.user.gid);
    try {
      const args = [`--pgdata=${placement.dataDir}`, '--auth=password', `--username=${user}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C'];
      const initdb = spawn(binary(placement.binaries, 'initdb'), args, { ...placement.user, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
      const output: string[] = [];
      initdb.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      initdb.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      const code = await new Promise<number | null>((resolve, reject) => {
        initdb.once('error', reject);
        initdb.once('close', resolve);
      });
      if (code !== 0) throw new Error(`initdb failed (exit ${code}):\n${output.join('').trim()}`);
    } finally {
      rmSync(passwordFile, { force: true });
    }
  }

  /** Starts the server and resolves once it accepts connections; from then on it is kept running. */
  async start(): Promise<void> {
    this.stopping = false;
    this.recent.length = 0;
    const child = this.spawnServer();
    try {
      await this.untilReady(child, Date.now() + START_TIMEOUT_MS);
    } catch (error) {
      await this.stop();
      throw new Error(`PostgreSQL did not start (${(error as Error).message}):\n${this.recent.join('\n')}`);
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
      child.kill('SIGINT');
    });
  }

  private spawnServer(): ChildProcess {
    const { placement, port, log } = this.options;
    const args = ['-D', placement.dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'];
    const child = spawn(binary(placement.binaries, 'postgres'), args, {
      ...placement.user,
      env: ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: this.options.ownProcessGroup === true,
    });
    this.child = child;
    this.startedAt = Date.now();
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        log(line.trimEnd());
        this.recent.push(line.trimEnd());
        if (this.recent.length > 20) this.recent.shift();
      }
    };
    child.stdout!.on('data', forward);
    child.stderr!.on('data', forward);
    // A failed spawn may or may not be followed by 'exit': handle the end once.
    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      this.exited(child, code, signal);
    };
    child.once('error', (error) => {
      this.options.notice(`could not run postgres: ${error.message}`);
      end(null, null);
    });
    child.once('exit', end);
    return child;
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child === child) this.child = undefined;
    if (this.stopping) return;
    const { notice } = this.options;
    this.downSince ??= Date.now();
    this.clearStaleLock(child.pid);
    const next = nextRestart(this.history, Date.now() - this.startedAt);
    this.history = next.history;
    notice(`postgres exited (${signal ?? `code ${code}`}); restarting in ${next.delayMs} ms`);
    this.restartTimer = setTimeout(() => {
      if (this.stopping) return;
      const again = this.spawnServer();
      this.untilReady(again).then(
        () => {
          notice(`postgres is back after ${Date.now() - this.downSince!} ms`);
          this.downSince = undefined;
        },
        // Its exit already scheduled the next try.
        () => undefined,
      );
    }, next.delayMs);
  }

  /**
   * A postmaster killed with SIGKILL leaves postmaster.pid behind. PostgreSQL
   * ignores a lock file whose process is gone, but not one whose pid a new
   * process happens to have taken; we know this one died, so it goes. Shared
   * memory still held by its last backends stays protected: PostgreSQL refuses
   * to start until they have exited, and the back-off simply tries again.
   */
  private clearStaleLock(deadPid: number | undefined): void {
    const { dataDir } = this.options.placement;
    // No lock file (a clean exit removes it): nothing to clear.
    if (deadPid !== undefined && postmasterPid(dataDir) === deadPid) rmSync(join(dataDir, 'postmaster.pid'), { force: true });
  }

  /**
   * Resolves when the server answers a query from its own data directory;
   * rejects if it exits first. Another server on the same port (a second
   * checkout's npm start that got there first) is not this one: its answers
   * are not taken for readiness, and this server exits when it cannot bind.
   */
  private async untilReady(child: ChildProcess, deadline = Infinity): Promise<void> {
    const { port, user, password } = this.options;
    const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null || this.child !== child) {
        throw new Error(`postgres exited before accepting connections (${child.signalCode ?? `code ${child.exitCode}`})`);
      }
      if (Date.now() > deadline) throw new Error('postgres did not accept connections in time');
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rows } = await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`);
        if (sameDirectory(rows[0]!.dir, this.options.placement.dataDir)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }
}

function sameDirectory(a: string, b: string): boolean {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  };
  return real(a) === real(b);
}
