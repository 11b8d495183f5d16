import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type pg from 'pg';
import { AppModule } from './app.module.js';
import type { LocalStripeConfig } from './local-stripe.config.js';
import { LocalStripeRuntime } from './local-stripe.runtime.js';
import { isStripeApiPath, StripeApi } from './stripe/stripe-api.server.js';

export interface RunningLocalStripe {
  port: number;
  runtime: LocalStripeRuntime;
  close(): Promise<void>;
}

/**
 * The local payment provider on one port of 127.0.0.1: Stripe's REST API
 * under `/v1` (the product's `stripe` SDK calls it), and everything else by
 * the Nest app (what Stripe hosts for browsers, and /health). The API reads
 * its own form-encoded bodies, so it is routed before Nest's body parsers.
 */
export async function startLocalStripe(config: LocalStripeConfig, pool: pg.Pool): Promise<RunningLocalStripe> {
  const runtime = await LocalStripeRuntime.start(pool, config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.with(runtime, config.databaseUrl), { logger: ['error', 'warn'], abortOnError: false });
  // Naming the framework only helps an attacker pick its flaws (the edge drops the header too).
  app.disable('x-powered-by');
  await app.init();
  const pages = app.getHttpAdapter().getInstance();
  const api = new StripeApi(runtime.stripe, config.secretKey);
  const server = createServer((request, response) => (isStripeApiPath(request.url) ? void api.handle(request, response) : pages(request, response)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  runtime.startBackgroundWork();
  return {
    port: (server.address() as AddressInfo).port,
    runtime,
    async close() {
      await runtime.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await app.close();
    },
  };
}
