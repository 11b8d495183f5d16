import { resolve } from 'node:path';
import { announceTelemetry, DEFAULT_PORTS, intFromEnv, localStripeUrl, log, stopOnSignal, usesLocalPaymentProvider } from '@jokes/server/core';
import { createEdge } from './edge.js';
import { securitySettingsFromEnv } from './security-headers.js';

process.env.SERVICE_NAME ??= 'edge';
announceTelemetry();
const local = (port: number, path = '') => new URL(`http://127.0.0.1:${port}${path}`);
const commandPort = intFromEnv(process.env, 'COMMAND_API_PORT', DEFAULT_PORTS.commandApi);
const queryPort = intFromEnv(process.env, 'QUERY_API_PORT', DEFAULT_PORTS.queryApi);
const projectorsPort = intFromEnv(process.env, 'PROJECTORS_PORT', DEFAULT_PORTS.projectors);
const port = intFromEnv(process.env, 'PORT', DEFAULT_PORTS.edge);

// Without STRIPE_SECRET_KEY the local payment provider runs as a process of its own: its pages go there, and its health counts.
const provider = usesLocalPaymentProvider(process.env) ? localStripeUrl(process.env) : undefined;

const edge = createEdge({
  upstreams: { command: local(commandPort), query: local(queryPort), ...(provider ? { 'local-provider': provider } : {}) },
  health: {
    'command-api': local(commandPort, '/health'),
    'query-api': local(queryPort, '/health'),
    projectors: local(projectorsPort, '/health'),
    ...(provider ? { 'local-stripe': new URL('/health', provider) } : {}),
  },
  webRoot: resolve(process.env.WEB_DIST_DIR ?? resolve(import.meta.dirname, '../../web/dist')),
  security: securitySettingsFromEnv(process.env),
  webSourceMaps: process.env.WEB_SOURCE_MAPS === 'true',
});
// Loopback unless the operator opens it up: the development tools behind the edge are for this machine.
const host = process.env.HOST || '127.0.0.1';
edge.on('error', (error) => {
  // Only listening can fail at server level (port taken): exit and let the supervisor retry.
  log('error', 'edge cannot listen', { host, port, error: error.message });
  process.exit(1);
});
edge.listen(port, host, () => log('info', 'edge listening', { host, port }));
stopOnSignal(() => new Promise((resolve) => edge.close(resolve)));
