import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { authConfigFromEnv, DEFAULT_PORTS, exitUnlessProductionReady, intFromEnv, log, requireEnv } from '@jokes/server';
import { AppModule } from './app.module.js';

process.env.SERVICE_NAME ??= 'query-api';
exitUnlessProductionReady(process.env, process.env.SERVICE_NAME);
const app = await NestFactory.create(AppModule.forRoot({ databaseUrl: requireEnv(process.env, 'DATABASE_URL'), auth: authConfigFromEnv(process.env) }), {
  logger: ['error', 'warn'],
});
app.enableShutdownHooks();
const port = intFromEnv(process.env, 'QUERY_API_PORT', DEFAULT_PORTS.queryApi);
await app.listen(port, '127.0.0.1');
log('info', 'query-api listening', { port });
