import { sleep } from '../postgres/catch-up.js';

/**
 * The start and stop of a worker that runs until stopped (a projector, the relay):
 * `start` runs it once, and its failure rejects unless it was stopped; `stop` ends
 * its waits and lets the work in hand finish.
 */
export class WorkerLifecycle {
  private readonly controller = new AbortController();
  private running: Promise<void> | undefined;

  /** Aborted by `stop`. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  start(run: () => Promise<void>): Promise<void> {
    this.running ??= run().catch((error: unknown) => {
      if (!this.signal.aborted) throw error;
    });
    return this.running;
  }

  /** Aborts, then waits for the run to end, whatever its outcome. */
  async stop(): Promise<void> {
    this.controller.abort();
    await this.running?.catch(() => undefined);
  }

  /** Waits `ms`, or less when stopped. */
  pause(ms: number): Promise<void> {
    return sleep(ms, this.signal);
  }
}
