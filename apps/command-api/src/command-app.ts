import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { CommandHealth } from './health.controller.js';

/**
 * The command side as one Nest application, not yet listening: its own process
 * listens on COMMAND_API_PORT (main.ts); the product's targets `all` and `write`
 * hand it their requests in the same process (apps/product).
 */
export async function createCommandApp(): Promise<NestExpressApplication> {
  // rawBody: webhook signatures cover the exact bytes of the request body.
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger: ['error', 'warn'], rawBody: true });
  // Naming the framework only helps an attacker pick its flaws (the edge drops the header too).
  app.disable('x-powered-by');
  return app;
}

export { CommandHealth };
