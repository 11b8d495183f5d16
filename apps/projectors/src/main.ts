import { DEFAULT_PORTS, intFromEnv, log, requireEnv } from '@jokes/server';
import { ProjectorHost } from './projector-host.js';
import { projections } from './projections/index.js';

process.env.SERVICE_NAME ??= 'projectors';
const host = new ProjectorHost({
  databaseUrl: requireEnv(process.env, 'DATABASE_URL'),
  projections,
  healthPort: intFromEnv(process.env, 'PROJECTORS_PORT', DEFAULT_PORTS.projectors),
  pollIntervalMs: intFromEnv(process.env, 'PROJECTOR_POLL_MS', 250),
});
await host.start();
log('info', 'projectors running', { projections: projections.map((p) => p.name) });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void host.stop().then(() => process.exit(0));
  });
}
