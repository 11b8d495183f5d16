import type pg from 'pg';

/**
 * Sends NOTIFY as a wake-up hint after appends, at most one in flight plus one
 * queued. NOTIFY inside the append would serialise every committing writer on
 * PostgreSQL's notification queue lock; polling stays the real mechanism.
 */
export class WakeUpNotifier {
  private inFlight: Promise<void> | undefined;
  private queued = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
  ) {}

  poke(): void {
    if (this.inFlight) {
      this.queued = true;
      return;
    }
    this.inFlight = this.send();
  }

  async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  private async send(): Promise<void> {
    try {
      await this.pool.query('SELECT pg_notify($1, $2)', [this.channel, '']);
    } catch {
      // A lost hint only delays subscribers until their next poll.
    } finally {
      this.inFlight = undefined;
      if (this.queued) {
        this.queued = false;
        this.poke();
      }
    }
  }
}
