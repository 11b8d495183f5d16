import { performance } from 'node:perf_hooks';
import type pg from 'pg';

const notifiers = new WeakMap<pg.Pool, Map<string, WakeUpNotifier>>();

/**
 * Tells subscribers that events were committed: a NOTIFY sent after the
 * appends' commits, on a transaction of its own, at most one in flight per
 * pool plus one queued, and at most one per `minIntervalMs`. Under load one
 * notification announces every append that committed before it was sent, so
 * the cost does not grow with the appends. (A NOTIFY inside the append would
 * hold PostgreSQL's notification queue lock across the commit's WAL flush and
 * serialise every committing writer: appends fell to 0.42 of plain INSERTs at
 * 8 writers.) PostgreSQL gives a NOTIFY's transaction an id and a commit
 * record; it commits with synchronous_commit off, so it never waits for the
 * disk (a notification lost in a crash announced nothing durable anyway).
 *
 * Readers still poll: a lost notification only delays them until their next
 * poll. A reader that has received a notification may rely on seeing every
 * append that finished before it was sent (it is sent after their commits).
 */
export class WakeUpNotifier {
  private inFlight: Promise<void> | undefined;
  private queued = false;
  private lastSentAt = -Infinity;
  /** Notifications sent (for the benchmarks and tests). */
  sent = 0;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly minIntervalMs: number,
  ) {}

  /**
   * The notifier of `pool` on `channel` (one per pool, so every store and unit of work over it
   * coalesces together). `minIntervalMs` (default 5) applies to the first call's notifier.
   */
  static of(pool: pg.Pool, channel: string, { minIntervalMs = 5 }: { minIntervalMs?: number } = {}): WakeUpNotifier {
    let byChannel = notifiers.get(pool);
    if (!byChannel) notifiers.set(pool, (byChannel = new Map()));
    let notifier = byChannel.get(channel);
    if (!notifier) byChannel.set(channel, (notifier = new WakeUpNotifier(pool, channel, minIntervalMs)));
    return notifier;
  }

  /** Call after a commit that wrote events: a notification will be sent after this call. */
  poke(): void {
    if (this.inFlight) {
      // The one in flight may have been sent before that commit: send another when it is done.
      this.queued = true;
      return;
    }
    const wait = this.lastSentAt + this.minIntervalMs - performance.now();
    this.inFlight = wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => this.send()) : this.send();
  }

  /** Resolves when every poke so far has been followed by a notification (or its failure). */
  async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  private async send(): Promise<void> {
    try {
      this.sent++;
      this.lastSentAt = performance.now();
      await this.pool.query({
        name: 'wake_up_notify',
        text: "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)",
        values: [this.channel, ''],
      });
    } catch {
      // A lost hint only delays subscribers until their next poll (a pool that was ended included).
    } finally {
      this.inFlight = undefined;
      if (this.queued) {
        this.queued = false;
        this.poke();
      }
    }
  }
}
