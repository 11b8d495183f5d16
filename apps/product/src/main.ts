import { resolve } from 'node:path';
import { announceTelemetry, exitUnlessProductionReady, intFromEnv, log, stopOnSignal, targetFromEnv } from '@jokes/server/core';
import { composeTarget } from './targets.js';

// One program, four targets (TARGET, README "Targets"): `all`, the default and
// what npm start runs, is the whole product in this one process on PORT;
// `write`, `read` and `backend` are its parts for a scaled-out deployment.
const env = process.env;
const target = targetFromEnv(env);
env.SERVICE_NAME ??= target === 'all' ? 'standup-jokes' : `standup-jokes-${target}`;
announceTelemetry();
exitUnlessProductionReady(env, env.SERVICE_NAME);

const port = intFromEnv(env, 'PORT', 3000);
// Loopback unless the operator opens it up: the development tools behind the edge are for this machine.
const host = env.HOST || '127.0.0.1';
const product = await composeTarget(target, {
  env,
  port,
  host,
  webRoot: resolve(env.WEB_DIST_DIR ?? resolve(import.meta.dirname, '../../web/dist')),
});
product.server.on('error', (error) => {
  // Only listening can fail at server level (port taken): exit and let the supervisor retry.
  log('error', 'cannot listen', { host, port, error: error.message });
  process.exit(1);
});
product.server.listen(port, host, () => log('info', 'listening', { target, host, port, parts: product.parts }));
stopOnSignal(() => product.stop());
