import pg from 'pg';

export interface AdvisoryLockOwnershipOptions {
  /** How the lock's connection shows in pg_stat_activity. */
  applicationName?: string;
  /** The lock's connection failed: it must not crash the process, and the worker notices a lost lock its own way. */
  onConnectionError: (error: Error) => void;
}

/**
 * How a worker comes to own its lock, and lets it go. One process owns a worker
 * (a projection's projector, a topic's relay): it holds a session advisory lock,
 * and others wait as hot standbys. A process that dies (even by kill -9) loses
 * its connection and with it the lock, so a standby takes over within a poll.
 */
export interface Ownership {
  /**
   * Resolves once this process owns the lock, or when `signal` aborts (then it owns nothing);
   * between tries it waits with `wait`, and calls `onStandby` at the first try that failed.
   */
  acquire(signal: AbortSignal, wait: () => Promise<void>, onStandby: () => void): Promise<void>;
  release(): Promise<void>;
}

/** One worker's lock (`name`, hashed to its key) on a session of its own, which its release ends. */
export function advisoryLockOwnership(connectionString: string, name: string, options: AdvisoryLockOwnershipOptions): Ownership {
  return new AdvisoryLockSession(connectionString, options).ownership(name);
}

/**
 * The locks of several workers of one process (every projection of a
 * ProjectorHost) on one session: one PostgreSQL backend instead of one per
 * worker, each about a megabyte idle. A worker releases its own lock alone; the
 * session ends with the last one. When the session's connection fails, every lock
 * on it is gone at once, as each worker's was when its own connection failed:
 * the workers notice by their checkpoints' compare-and-set, and the next
 * acquire opens a new session.
 */
export class AdvisoryLockSession {
  private client: Promise<pg.Client> | undefined;
  private readonly held = new Set<string>();
  /** Workers still trying for their lock (standing by): the session stays for them. */
  private acquiring = 0;

  constructor(
    private readonly connectionString: string,
    private readonly options: AdvisoryLockOwnershipOptions,
  ) {}

  /** The ownership of one lock (`name`, hashed to its key) on this session. */
  ownership(name: string): Ownership {
    return {
      acquire: async (signal, wait, onStandby) => {
        this.acquiring += 1;
        try {
          let standing = false;
          while (!signal.aborted) {
            const client = await this.session();
            const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name]);
            if (result.rows[0]?.locked) {
              this.held.add(name);
              return;
            }
            if (!standing) onStandby();
            standing = true;
            await wait();
          }
        } finally {
          this.acquiring -= 1;
        }
      },
      release: async () => {
        if (this.held.delete(name)) {
          const client = await this.client?.catch(() => undefined);
          await client?.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
        }
        // A standby that stops held nothing, but may be the last one on the session.
        if (this.held.size === 0 && this.acquiring === 0) await this.end();
      },
    };
  }

  private session(): Promise<pg.Client> {
    this.client ??= this.open();
    return this.client;
  }

  private open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: this.options.applicationName });
    let gone = false;
    const lost = (error?: Error) => {
      // Once per session (a terminated backend errs twice): every lock went with it, and the next acquire opens another.
      if (gone) return;
      gone = true;
      if (this.client === opened) this.client = undefined;
      this.held.clear();
      if (error) this.options.onConnectionError(error);
    };
    const opened = client.connect().then(
      () => client,
      (error: unknown) => {
        lost();
        throw error;
      },
    );
    client.on('error', lost);
    client.on('end', () => lost());
    return opened;
  }

  private async end(): Promise<void> {
    const client = await this.client?.catch(() => undefined);
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
