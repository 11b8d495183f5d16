import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import { MailDispatcher } from '../mail/mail-dispatcher.js';
import { BackgroundWork } from '../auth/background-work.js';

export interface AuthApp {
  /** The command API itself (no edge): PUBLIC_URL points here, so mailed links work as they are. */
  url: string;
  db: TestDatabase;
  outbox: string;
  /** The Nest application, for tests that look inside (providers) or wrap it. */
  app: INestApplication;
  /** Waits for mails and other work done after the answer. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The real command API (AppModule) on a fresh database, in this process: the
 * auth endpoints exactly as deployed, with the test able to wait for
 * background mail and to write into the database directly.
 */
export async function startAuthApp(env: Record<string, string> = {}, configure?: (app: INestApplication) => void): Promise<AuthApp> {
  const db = await createTestDatabase('auth');
  const port = await freePort();
  const outbox = mkdtempSync(join(tmpdir(), 'auth-app-outbox-'));
  // Its own DATA_DIR: the generated signing-key secret stays out of the developer's .data.
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-app-data-'));
  const url = `http://127.0.0.1:${port}`;
  const settings: Record<string, string> = {
    DATABASE_URL: db.url,
    COMMAND_API_PORT: String(port),
    PUBLIC_URL: url,
    MAIL_OUTBOX_DIR: outbox,
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    ...env,
  };
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  let app: INestApplication;
  try {
    const { AppModule } = await import('../app.module.js');
    // abortOnError false: a failed start throws (and cleans up) instead of exiting Jest.
    app = await NestFactory.create(AppModule, { logger: ['error'], abortOnError: false });
    app.enableShutdownHooks();
    configure?.(app);
    await app.listen(port, '127.0.0.1');
  } catch (error) {
    await db.drop();
    for (const dir of [outbox, dataDir]) rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    // Providers read the environment while the app is created; nothing later needs it.
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  return {
    url,
    db,
    outbox,
    app,
    async settle() {
      await app.get(BackgroundWork).drain();
      // Background work queues mail; the dispatcher sends what is due now.
      await app.get(MailDispatcher).drain();
    },
    async stop() {
      await app.close();
      await db.drop();
      for (const dir of [outbox, dataDir]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
