import { openKurrentDbEventStore } from '@jokes/event-store';
import { announceTelemetry, DEFAULT_PORTS, intFromEnv, log, requireEnv, stopOnSignal } from '@jokes/server/core';
import { ProjectorHost } from './projector-host.js';
import { projections } from './projections/index.js';

process.env.SERVICE_NAME ??= 'projectors';
announceTelemetry();
const host = new ProjectorHost({
  databaseUrl: requireEnv(process.env, 'DATABASE_URL'),
  projections,
  healthPort: intFromEnv(process.env, 'PROJECTORS_PORT', DEFAULT_PORTS.projectors),
  pollIntervalMs: intFromEnv(process.env, 'PROJECTOR_POLL_MS', 250),
  batchWindowMs: intFromEnv(process.env, 'PROJECTOR_BATCH_WINDOW_MS', 10),
  // Events from KurrentDB where EVENTSTORE_URL names one; read models and checkpoints in PostgreSQL either way.
  events: process.env.EVENTSTORE_URL?.trim() ? await openKurrentDbEventStore(process.env.EVENTSTORE_URL.trim(), { log }) : undefined,
});
await host.start();
log('info', 'projectors running', { projections: projections.map((p) => p.name) });

stopOnSignal(() => host.stop());
