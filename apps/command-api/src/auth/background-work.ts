import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { log } from '@jokes/server';

/**
 * Work done after the answer is sent: the lookups behind `recover`, `resend`
 * and a second sign-up of a taken address, and the mails they queue. Answering
 * first makes "this address has an account" and "it has none" take the same
 * time. (Mail itself is only queued here; the MailDispatcher sends it.)
 * Shutdown waits for what is running.
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
