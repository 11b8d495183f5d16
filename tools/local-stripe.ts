// The built local payment provider (apps/local-stripe/dist) as a process of its
// own, for tests of the product's billing adapter: between them only HTTP, as
// between the product and Stripe. `npm start` runs the same script (start.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, projectRoot } from './postgres.ts';

export interface LocalStripeProcessOptions {
  databaseUrl: string;
  /** The secret its webhooks are signed with (the product verifies them with it). */
  webhookSecret: string;
  /** Where its webhooks go; a closed port just keeps them waiting in its outbox. */
  webhookUrl?: string;
  /** The origin its portal links point at. */
  publicUrl?: string;
}

export interface LocalStripeProcess {
  /** Its Stripe-compatible API and pages: `http://127.0.0.1:{port}`. */
  url: string;
  port: number;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

export async function startLocalStripeProcess(options: LocalStripeProcessOptions): Promise<LocalStripeProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', join(projectRoot(), 'apps/local-stripe/dist/main.js')], {
    cwd: projectRoot(),
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      LOCAL_STRIPE_PORT: String(port),
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      LOCAL_STRIPE_WEBHOOK_URL: options.webhookUrl ?? `http://127.0.0.1:${await freePort()}/api/stripe/webhook`,
      PUBLIC_URL: options.publicUrl ?? 'http://localhost:3000',
      BILLING_CLOCK_INTERVAL_MS: '0',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await fetch(`${url}/health`).then((answer) => answer.ok, () => false)) {
      return { url, port, pid: child.pid!, output: () => output.join(''), stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The local payment provider did not start (build it: npx nx run @jokes/local-stripe:build):\n${output.join('').slice(-4000)}`);
}
