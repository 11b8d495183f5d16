import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { log } from '@jokes/server';

/**
 * Work done after the answer is sent: mails, and the lookups behind `recover`.
 * Answering first makes "this address has an account" and "it has none" take
 * the same time, even when SMTP is slow. Shutdown waits for what is running.
 */
@Injectable()
export class BackgroundWork implements BeforeApplicationShutdown {
  private readonly running = new Set<Promise<void>>();

  run(name: string, task: () => Promise<void>): void {
    const job = task()
      .catch((error: unknown) => log('error', `background ${name} failed`, { error: error instanceof Error ? error.stack : String(error) }))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Resolves once nothing is running (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  // Before: the database pool closes on application shutdown, and this work still needs it.
  async beforeApplicationShutdown(): Promise<void> {
    await this.drain();
  }
}
