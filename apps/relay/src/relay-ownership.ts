import pg from 'pg';

/** How often a standby tries the lock: the longest a takeover waits after the owner died. */
const STANDBY_POLL_MS = 500;

/**
 * One relay per topic publishes: it holds a session advisory lock on its own
 * connection, and others wait as hot standbys. A process that dies (even by
 * kill -9) loses its connection and with it the lock, so a standby takes over
 * within a poll.
 */
export class RelayOwnership {
  private client: pg.Client | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly name: string,
  ) {}

  /** Resolves once this process owns the relay, or when `signal` aborts (then it owns nothing). */
  async acquire(signal: AbortSignal, wait: (ms: number) => Promise<void>, onStandby: () => void): Promise<void> {
    this.client = new pg.Client({ connectionString: this.connectionString, application_name: 'relay-lock' });
    // A lost lock connection is noticed by the checkpoint's compare-and-set; the error itself must not crash the process.
    this.client.on('error', () => undefined);
    await this.client.connect();
    let standing = false;
    while (!signal.aborted) {
      const result = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [this.name]);
      if (result.rows[0]?.locked) return;
      if (!standing) onStandby();
      standing = true;
      await wait(STANDBY_POLL_MS);
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
