import { openKurrentDbEventStore } from '@jokes/event-store';
import { intFromEnv, log, requireEnv } from '@jokes/server/base';
import { ProjectorHost } from './projector-host.js';
import { projections } from './projections/index.js';

/**
 * Every projection of the product, on the environment's database (and
 * KurrentDB where EVENTSTORE_URL names one). Its own process serves its health
 * on PROJECTORS_PORT (main.ts); the product's targets `all` and `backend` ask
 * `host.health()` in the same process instead (`healthPort: undefined`).
 */
export async function createProjectorHost(env: NodeJS.ProcessEnv, healthPort: number | undefined): Promise<ProjectorHost> {
  return new ProjectorHost({
    databaseUrl: requireEnv(env, 'DATABASE_URL'),
    projections,
    healthPort,
    pollIntervalMs: intFromEnv(env, 'PROJECTOR_POLL_MS', 250),
    batchWindowMs: intFromEnv(env, 'PROJECTOR_BATCH_WINDOW_MS', 10),
    // Events from KurrentDB where EVENTSTORE_URL names one; read models and checkpoints in PostgreSQL either way.
    events: env.EVENTSTORE_URL?.trim() ? await openKurrentDbEventStore(env.EVENTSTORE_URL.trim(), { log }) : undefined,
  });
}

export { projections };
