import type pg from 'pg';

const notifiers = new WeakMap<pg.Pool, Map<string, WakeUpNotifier>>();

/**
 * Tells subscribers that events were committed: a NOTIFY sent after the
 * appends' commits, on a transaction of its own, at most one in flight per
 * pool plus one queued. Under load one notification announces every append
 * that committed before it was sent, so the cost does not grow with the
 * appends. (A NOTIFY inside the append would hold PostgreSQL's notification
 * queue lock across the commit's WAL flush and serialise every committing
 * writer: appends fell to 0.42 of plain INSERTs at 8 writers.) A NOTIFY alone
 * gets no transaction id, so it writes no commit record and waits for no disk.
 *
 * Readers still poll: a lost notification only delays them until their next
 * poll. A reader that has received a notification may rely on seeing every
 * append that finished before it was sent (it is sent after their commits).
 */
export class WakeUpNotifier {
  private inFlight: Promise<void> | undefined;
  private queued = false;
  /** Notifications sent (for the benchmarks and tests). */
  sent = 0;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
  ) {}

  /** The notifier of `pool` on `channel` (one per pool, so every store and unit of work over it coalesces together). */
  static of(pool: pg.Pool, channel: string): WakeUpNotifier {
    let byChannel = notifiers.get(pool);
    if (!byChannel) notifiers.set(pool, (byChannel = new Map()));
    let notifier = byChannel.get(channel);
    if (!notifier) byChannel.set(channel, (notifier = new WakeUpNotifier(pool, channel)));
    return notifier;
  }

  /** Call after a commit that wrote events: a notification will be sent after this call. */
  poke(): void {
    if (this.inFlight) {
      // The one in flight may have been sent before that commit: send another when it is done.
      this.queued = true;
      return;
    }
    this.inFlight = this.send();
  }

  /** Resolves when every poke so far has been followed by a notification (or its failure). */
  async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  private async send(): Promise<void> {
    try {
      this.sent++;
      await this.pool.query({ name: 'wake_up_notify', text: 'SELECT pg_notify($1, $2)', values: [this.channel, ''] });
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
