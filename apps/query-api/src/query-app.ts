import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { authConfigFromEnv, requireEnv } from '@jokes/server';
import { AppModule } from './app.module.js';
import { QueryHealth } from './health.controller.js';

/**
 * The query side as one Nest application on the environment's database and
 * token issuer, not yet listening: its own process listens on QUERY_API_PORT
 * (main.ts); the product's targets `all` and `read` hand it their requests in
 * the same process (apps/product).
 */
export async function createQueryApp(env: NodeJS.ProcessEnv = process.env): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ databaseUrl: requireEnv(env, 'DATABASE_URL'), auth: authConfigFromEnv(env) }),
    { logger: ['error', 'warn'] },
  );
  // Naming the framework only helps an attacker pick its flaws (the edge drops the header too).
  app.disable('x-powered-by');
  return app;
}

export { QueryHealth };
