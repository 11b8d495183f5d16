import { createServer, type Server } from 'node:http';
import { AdvisoryLockSession, EVENTS_CHANNEL, PostgresEventStore, Projector, WakeUpListener, type KurrentDbEventStore, type Projection } from '@jokes/event-store';
import { answersInTime, createPool, isDatabaseUnavailable, log } from '@jokes/server/base';

export interface ProjectorHostOptions {
  databaseUrl: string;
  projections: readonly Projection[];
  healthPort?: number;
  pollIntervalMs?: number;
  /** After a batch that was not full, the wait before the next read (Projector's batchWindowMs). */
  batchWindowMs?: number;
  /** Where the events are when not in PostgreSQL (EVENTSTORE_URL): read models and checkpoints stay in PostgreSQL. The host closes it. */
  events?: KurrentDbEventStore;
}

/** How long to wait before a failed projection runs again: an outage ends when PostgreSQL is back, a bug does not. */
const RETRY_AFTER_OUTAGE_MS = 1000;
const RETRY_AFTER_FAILURE_MS = 5000;

/**
 * Runs every projection in this process, with one LISTEN connection and a
 * health endpoint. A projection that fails (the database went away, a batch
 * failed) is stopped and started again from its checkpoint with a fresh lock
 * connection, so an outage of PostgreSQL ends by itself, without a restart.
 */
export class ProjectorHost {
  private readonly pool;
  private readonly store;
  private readonly listener: Pick<WakeUpListener, 'start' | 'wait' | 'stop'>;
  /** Every projection's lock on one session: one backend, not one per projection. */
  private readonly locks: AdvisoryLockSession;
  /** The running projector of each projection; a failed one is replaced. */
  readonly projectors: Projector[];
  private server: Server | undefined;
  private stopping = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: ProjectorHostOptions) {
    this.pool = createPool(options.databaseUrl, 'projectors', options.projections.length * 2 + 4);
    // Woken by NOTIFY after PostgreSQL appends, or by KurrentDB's live subscription to $all.
    const notifications = options.events ? undefined : new WakeUpListener(options.databaseUrl, EVENTS_CHANNEL);
    this.listener = options.events?.wakeUps() ?? notifications!;
    // The projectors woken by one notification read the same batch: one query for all of them (see readAll).
    this.store = new PostgresEventStore(this.pool, { notify: false, wakeUp: notifications });
    this.locks = new AdvisoryLockSession(options.databaseUrl, {
      applicationName: 'projector-locks',
      onConnectionError: (error) => log('warn', 'projectors: the locks\' connection was lost; each projection notices at its next batch', { error: error.message }),
    });
    this.projectors = options.projections.map((projection) => this.create(projection));
  }

  async start(): Promise<void> {
    // Health first, so the edge can tell "waiting for the database" from "not running".
    if (this.options.healthPort !== undefined) await this.serveHealth(this.options.healthPort);
    await this.untilDatabase('migrate', () => this.store.migrate());
    await this.untilDatabase('listen', () => this.listener.start());
    this.projectors.forEach((_, index) => this.run(index));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.all(this.projectors.map((projector) => projector.stop()));
    await this.listener.stop();
    await this.options.events?.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.pool.end().catch(() => undefined);
  }

  private create(projection: Projection): Projector {
    return new Projector(this.store, projection, {
      connectionString: this.options.databaseUrl,
      // Each projector remembers a notification that came while it was reading.
      listener: this.listener instanceof WakeUpListener ? this.listener.waiter() : this.listener,
      events: this.options.events,
      pollIntervalMs: this.options.pollIntervalMs,
      batchWindowMs: this.options.batchWindowMs,
      lockSession: this.locks,
      log: (message) => log('info', message),
    });
  }

  private run(index: number): void {
    const projector = this.projectors[index]!;
    projector.start().catch(async (error: unknown) => {
      if (this.stopping) return;
      const outage = isDatabaseUnavailable(error);
      const name = projector.projection.name;
      if (outage) log('warn', `projector ${name}: database unavailable; retrying`, { error: error instanceof Error ? error.message : String(error) });
      else log('error', `projector ${name} failed; restarting from its checkpoint`, { error: error instanceof Error ? error.stack : String(error) });
      // Stopping ends its lock connection; the next one takes the lock afresh.
      await projector.stop();
      this.later(outage ? RETRY_AFTER_OUTAGE_MS : RETRY_AFTER_FAILURE_MS, () => {
        this.projectors[index] = this.create(projector.projection);
        this.run(index);
      });
    });
  }

  private async untilDatabase(step: string, action: () => Promise<void>): Promise<void> {
    for (;;) {
      try {
        return await action();
      } catch (error) {
        if (this.stopping || !isDatabaseUnavailable(error)) throw error;
        log('warn', `projectors: database unavailable (${step}); retrying`, { error: (error as Error).message });
        await new Promise<void>((resolve) => this.later(RETRY_AFTER_OUTAGE_MS, resolve));
      }
    }
  }

  private later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopping) action();
    }, ms);
    this.timers.add(timer);
  }

  /** Ready (`ok`) when every projection is live or standing by and the stores answer; the body says which part is not. */
  async health(): Promise<{ ok: boolean; body: Record<string, unknown> }> {
    const [reachable, eventStore] = await Promise.all([this.databaseReachable(), this.eventStoreReachable()]);
    const projections = Object.fromEntries(
      this.projectors.map((p) => [p.projection.name, { state: p.state, position: `${p.position.transactionId}.${p.position.globalPosition}` }]),
    );
    // A projection another process owns is served by it: standing by is ready (a hot spare).
    const ready = reachable && eventStore !== false && this.projectors.every((p) => p.state === 'live' || p.state === 'standby');
    const status = ready ? 'ok' : reachable && eventStore !== false ? 'starting' : 'unavailable';
    const events = eventStore === undefined ? {} : { eventStore: eventStore ? 'ok' : 'unreachable' };
    return { ok: ready, body: { status, database: reachable ? 'ok' : 'unreachable', ...events, projections } };
  }

  private async serveHealth(port: number): Promise<void> {
    this.server = createServer((request, response) => {
      if (request.url !== '/health') {
        response.writeHead(404).end();
        return;
      }
      void this.health().then(({ ok, body }) => {
        response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  private databaseReachable(): Promise<boolean> {
    return answersInTime(this.pool.query('SELECT 1'));
  }

  /** KurrentDB where the events are kept there (undefined otherwise). */
  private eventStoreReachable(): Promise<boolean | undefined> {
    return this.options.events ? answersInTime(this.options.events.ping()) : Promise.resolve(undefined);
  }
}
