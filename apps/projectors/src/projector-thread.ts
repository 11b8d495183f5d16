import { Worker } from 'node:worker_threads';
import { log, workerExecArgv, type HealthReport } from '@jokes/server/base';

/** What the product's thread says to the projections' thread. */
export type ToProjectorThread = { type: 'health'; id: number } | { type: 'stop' };
/** And what it hears back. */
export type FromProjectorThread = { type: 'started' } | { type: 'health'; id: number; report: HealthReport<Record<string, unknown>> };

// Built, the worker is the .js beside this one. From the sources (specs) it is the built one too: Node strips a .ts
// worker's types but does not map its `.js` imports to the .ts files beside it (npm test builds first).
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? '../dist/projector-thread.worker.js' : './projector-thread.worker.js', import.meta.url);

/** How long health waits for the thread's answer: a thread deep in a batch still answers within it. */
const HEALTH_TIMEOUT_MS = 2000;
/** A thread that died (not one that was stopped) is started again after this long, from its checkpoints. */
const RESTART_AFTER_MS = 1000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Every projection of the product in a worker thread of its own (target all):
 * a catch-up on a backlog (a restart after an outage, a read model rebuilt at
 * a new version) is seconds of CPU in batches, and on the thread that serves
 * the requests it held each of them up by as long (`npm run bench -- stall`:
 * p99 1.5 s on 100,000 events, against 90 ms with the projections in a
 * process of their own). The thread runs the same ProjectorHost as the
 * projectors' process, with its own pool and LISTEN connection; the product's
 * thread only asks it for its health and tells it to stop. A thread that dies
 * is started again, as the supervisor restarts a process.
 */
export class ProjectorThread {
  private worker: Worker | undefined;
  private stopping = false;
  private nextId = 0;
  private readonly answers = new Map<number, (report: HealthReport<Record<string, unknown>>) => void>();
  private restart: NodeJS.Timeout | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    /** The thread's program: the projections' (a spec may give one that dies, to see it started again). */
    private readonly program: URL = WORKER_URL,
  ) {}

  /** Resolves once the thread's host has started (migrated, listening, every projection running). */
  start(): Promise<void> {
    return new Promise((resolve, reject) => this.spawn(resolve, reject));
  }

  /** The thread's own health; unavailable while it is restarting or does not answer in time. */
  health(): Promise<HealthReport<Record<string, unknown>>> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(unavailable('restarting'));
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.answers.delete(id);
        resolve(unavailable('not answering'));
      }, HEALTH_TIMEOUT_MS);
      this.answers.set(id, (report) => {
        clearTimeout(timer);
        resolve(report);
      });
      worker.postMessage({ type: 'health', id } satisfies ToProjectorThread);
    });
  }

  /** The projections finish their batch and the thread ends; one that does not within STOP_TIMEOUT_MS is terminated. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'stop' } satisfies ToProjectorThread);
    const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  private spawn(started?: () => void, failed?: (error: unknown) => void): void {
    // The product's settings are the thread's process.env.
    const worker = new Worker(this.program, { env: this.env, execArgv: workerExecArgv(process.execArgv) });
    this.worker = worker;
    worker.on('message', (message: FromProjectorThread) => {
      if (message.type === 'started') started?.();
      else if (message.type === 'health') {
        this.answers.get(message.id)?.(message.report);
        this.answers.delete(message.id);
      }
    });
    worker.on('error', (error) => {
      if (!this.stopping) log('error', 'projector thread failed', { error: error.stack ?? error.message });
      failed?.(error);
    });
    worker.once('exit', (code) => {
      // Settles nothing once started; before that, start() learns the thread is gone.
      failed?.(new Error(`the projector thread exited with code ${code} before it started`));
      this.worker = undefined;
      for (const answer of this.answers.values()) answer(unavailable('restarting'));
      this.answers.clear();
      if (this.stopping) return;
      log('error', `projector thread exited with code ${code}; starting it again from the checkpoints`);
      this.restart = setTimeout(() => this.spawn(), RESTART_AFTER_MS);
    });
  }
}

function unavailable(reason: string): HealthReport<Record<string, unknown>> {
  return { ok: false, body: { status: 'unavailable', thread: reason } };
}
