import { announceTelemetry, DEFAULT_PORTS, exitUnlessProductionReady, intFromEnv, log, stopOnSignal } from '@jokes/server';
import { createCommandApp } from './command-app.js';

process.env.SERVICE_NAME ??= 'command-api';
announceTelemetry();
exitUnlessProductionReady(process.env, process.env.SERVICE_NAME);
const app = await createCommandApp();
// close() runs the shutdown hooks (the pool ends), then the buffered spans go out.
stopOnSignal(() => app.close());
const port = intFromEnv(process.env, 'COMMAND_API_PORT', DEFAULT_PORTS.commandApi);
await app.listen(port, '127.0.0.1');
log('info', 'command-api listening', { port });
