import { announceTelemetry, DEFAULT_PORTS, exitUnlessProductionReady, intFromEnv, log, stopOnSignal } from '@jokes/server';
import { createQueryApp } from './query-app.js';

process.env.SERVICE_NAME ??= 'query-api';
announceTelemetry();
exitUnlessProductionReady(process.env, process.env.SERVICE_NAME);
const app = await createQueryApp();
// close() runs the shutdown hooks (the pool ends), then the buffered spans go out.
stopOnSignal(() => app.close());
const port = intFromEnv(process.env, 'QUERY_API_PORT', DEFAULT_PORTS.queryApi);
await app.listen(port, '127.0.0.1');
log('info', 'query-api listening', { port });
