import 'reflect-metadata';
import { announceTelemetry, createPool, exitUnlessProductionReady, log, stopOnSignal } from '@jokes/server';
import { localStripeConfigFromEnv } from './local-stripe.config.js';
import { startLocalStripe } from './local-stripe.app.js';

// The local payment provider (DESIGN.md decision 14): an outside system the
// product talks to only over HTTP, as to Stripe. npm start runs it when no
// STRIPE_SECRET_KEY is set.
process.env.SERVICE_NAME ??= 'local-stripe';
announceTelemetry();
exitUnlessProductionReady(process.env, process.env.SERVICE_NAME);
const config = localStripeConfigFromEnv(process.env);
const pool = createPool(config.databaseUrl, 'local-stripe', 10);
const running = await startLocalStripe(config, pool);
log('info', 'local-stripe listening', { host: config.host, port: running.port, webhooks: config.webhookUrl });

stopOnSignal(() => running.close().finally(() => pool.end()));
