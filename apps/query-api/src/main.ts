import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { announceTelemetry, authConfigFromEnv, DEFAULT_PORTS, exitUnlessProductionReady, intFromEnv, log, requireEnv, stopOnSignal } from '@jokes/server';
import { AppModule } from './app.module.js';

process.env.SERVICE_NAME ??= 'query-api';
announceTelemetry();
exitUnlessProductionReady(process.env, process.env.SERVICE_NAME);
const app = await NestFactory.create<NestExpressApplication>(
  AppModule.forRoot({ databaseUrl: requireEnv(process.env, 'DATABASE_URL'), auth: authConfigFromEnv(process.env) }),
  { logger: ['error', 'warn'] },
);
// Naming the framework only helps an attacker pick its flaws (the edge drops the header too).
app.disable('x-powered-by');
// close() runs the shutdown hooks (the pool ends), then the buffered spans go out.
stopOnSignal(() => app.close());
const port = intFromEnv(process.env, 'QUERY_API_PORT', DEFAULT_PORTS.queryApi);
await app.listen(port, '127.0.0.1');
log('info', 'query-api listening', { port });
