import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { announceTelemetry, DEFAULT_PORTS, exitUnlessProductionReady, intFromEnv, log, stopOnSignal } from '@jokes/server';
import { AppModule } from './app.module.js';

process.env.SERVICE_NAME ??= 'command-api';
announceTelemetry();
exitUnlessProductionReady(process.env, process.env.SERVICE_NAME);
// rawBody: webhook signatures cover the exact bytes of the request body.
const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: ['error', 'warn'], rawBody: true });
// Naming the framework only helps an attacker pick its flaws (the edge drops the header too).
app.disable('x-powered-by');
// close() runs the shutdown hooks (the pool ends), then the buffered spans go out.
stopOnSignal(() => app.close());
const port = intFromEnv(process.env, 'COMMAND_API_PORT', DEFAULT_PORTS.commandApi);
await app.listen(port, '127.0.0.1');
log('info', 'command-api listening', { port });
