import pg from 'pg';

export interface AdvisoryLockOwnershipOptions {
  /** How the lock's connection shows in pg_stat_activity. */
  applicationName?: string;
  /** The lock's connection failed: it must not crash the process, and the worker notices a lost lock its own way. */
  onConnectionError: (error: Error) => void;
}

/**
 * One process owns a worker (a projection's projector, a topic's relay): it
 * holds a session advisory lock on a connection of its own, and others wait as
 * hot standbys. A process that dies (even by kill -9) loses its connection and
 * with it the lock, so a standby takes over within a poll.
 */
export class AdvisoryLockOwnership {
  private client: pg.Client | undefined;

  constructor(
    private readonly connectionString: string,
    /** The lock's name (hashed to its key). */
    private readonly name: string,
    private readonly options: AdvisoryLockOwnershipOptions,
  ) {}

  /**
   * Resolves once this process owns the lock, or when `signal` aborts (then it owns nothing);
   * between tries it waits with `wait`, and calls `onStandby` at the first try that failed.
   */
  async acquire(signal: AbortSignal, wait: () => Promise<void>, onStandby: () => void): Promise<void> {
    this.client = new pg.Client({ connectionString: this.connectionString, application_name: this.options.applicationName });
    this.client.on('error', this.options.onConnectionError);
    await this.client.connect();
    let standing = false;
    while (!signal.aborted) {
      const result = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [this.name]);
      if (result.rows[0]?.locked) return;
      if (!standing) onStandby();
      standing = true;
      await wait();
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
