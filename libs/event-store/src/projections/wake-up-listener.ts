import pg from 'pg';

/** One LISTEN connection whose notifications wake every waiting projector. */
export class WakeUpListener {
  private client: pg.Client | undefined;
  private waiters = new Set<() => void>();
  private closed = false;
  private notifications = 0;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', () => {
      this.notifications++;
      this.wakeAll();
    });
    // A broken listener only costs latency (polling continues); reconnect quietly.
    client.on('error', () => this.reconnectLater());
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
  }

  /** Notifications received so far: a read started before the latest one may not have seen what it announced. */
  get received(): number {
    return this.notifications;
  }

  /**
   * Waits for one reader (a projector) that reads between its waits: a
   * notification that arrives while it reads ends its next wait at once, so a
   * wake-up is never lost in the gap and left to the poll interval.
   */
  waiter(): { wait(timeoutMs: number, signal?: AbortSignal): Promise<void> } {
    let seen = this.received;
    return {
      wait: async (timeoutMs, signal) => {
        if (this.received === seen) await this.wait(timeoutMs, signal);
        seen = this.received;
      },
    };
  }

  /** Resolves on the next notification or after `timeoutMs`, whichever is first. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    // A signal aborted already fires no 'abort' event: the wait would last its whole timeout.
    if (signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.client?.end().catch(() => undefined);
  }

  private wakeAll(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private reconnectLater(): void {
    if (this.closed) return;
    const broken = this.client;
    this.client = undefined;
    broken?.end().catch(() => undefined);
    setTimeout(() => {
      if (!this.closed) this.start().catch(() => this.reconnectLater());
    }, 1000).unref();
  }
}
