import { announceTelemetry, DEFAULT_PORTS, intFromEnv, log, stopOnSignal } from '@jokes/server/core';
import { createProjectorHost, projections } from './projectors-process.js';

process.env.SERVICE_NAME ??= 'projectors';
announceTelemetry();
const host = await createProjectorHost(process.env, intFromEnv(process.env, 'PROJECTORS_PORT', DEFAULT_PORTS.projectors));
await host.start();
log('info', 'projectors running', { projections: projections.map((p) => p.name) });

stopOnSignal(() => host.stop());
