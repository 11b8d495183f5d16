import { createServer, type Server } from 'node:http';
import { EVENTS_CHANNEL, PostgresEventStore, Projector, WakeUpListener, type Projection } from '@jokes/event-store';
import { createPool, log } from '@jokes/server';

export interface ProjectorHostOptions {
  databaseUrl: string;
  projections: readonly Projection[];
  healthPort?: number;
  pollIntervalMs?: number;
}

/** Runs every projection in this process, with one LISTEN connection and a health endpoint. */
export class ProjectorHost {
  private readonly pool;
  private readonly store;
  private readonly listener;
  readonly projectors: Projector[];
  private server: Server | undefined;

  constructor(private readonly options: ProjectorHostOptions) {
    this.pool = createPool(options.databaseUrl, 'projectors', options.projections.length * 2 + 4);
    this.store = new PostgresEventStore(this.pool, { notify: false });
    this.listener = new WakeUpListener(options.databaseUrl, EVENTS_CHANNEL);
    this.projectors = options.projections.map(
      (projection) =>
        new Projector(this.store, projection, {
          connectionString: options.databaseUrl,
          listener: this.listener,
          pollIntervalMs: options.pollIntervalMs,
          log: (message) => log('info', message),
        }),
    );
  }

  async start(): Promise<void> {
    await this.store.migrate();
    await this.listener.start();
    for (const projector of this.projectors) {
      projector.start().catch((error: unknown) => {
        log('error', `projector ${projector.projection.name} failed`, { error: error instanceof Error ? error.stack : String(error) });
        // Let the supervisor restart the whole process from the checkpoints.
        process.exitCode = 1;
        void this.stop();
      });
    }
    if (this.options.healthPort !== undefined) {
      this.server = createServer((request, response) => {
        const states = Object.fromEntries(this.projectors.map((p) => [p.projection.name, { state: p.state, position: `${p.position.transactionId}.${p.position.globalPosition}` }]));
        const ready = this.projectors.every((p) => p.state === 'live');
        response.writeHead(request.url === '/health' && ready ? 200 : request.url === '/health' ? 503 : 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: ready ? 'ok' : 'starting', projections: states }));
      });
      await new Promise<void>((resolve) => this.server!.listen(this.options.healthPort, '127.0.0.1', resolve));
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.projectors.map((projector) => projector.stop()));
    await this.listener.stop();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.pool.end().catch(() => undefined);
  }
}
