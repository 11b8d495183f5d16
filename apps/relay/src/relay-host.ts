import { createServer, type Server } from 'node:http';
import type pg from 'pg';
import { formatCursor } from '@jokes/event-store';
import { answersInTime, isDatabaseUnavailable, log } from '@jokes/server/core';
import { Relay, type RelayOptions } from './relay.js';

export interface RelayHostOptions extends Omit<RelayOptions, 'log'> {
  /** Health on 127.0.0.1; none when absent. */
  healthPort?: number;
  /** Wait before a failed relay starts again from its checkpoint. */
  retryDelayMs?: number;
}

const RETRY_AFTER_FAILURE_MS = 2000;

/**
 * Keeps one relay running: when a batch fails (broker or database away, the
 * checkpoint taken over), that relay stops, releasing its lock, and a fresh
 * one starts from the checkpoint, so the unacknowledged batch is sent again.
 */
export class RelayHost {
  relay: Relay;
  private server: Server | undefined;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly pool: pg.Pool;

  constructor(private readonly options: RelayHostOptions) {
    this.pool = options.pool;
    this.relay = this.create();
  }

  async start(): Promise<void> {
    if (this.options.healthPort !== undefined) await this.serveHealth(this.options.healthPort);
    this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.relay.stop();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private create(): Relay {
    return new Relay({ ...this.options, log: (message) => log('info', message) });
  }

  private run(): void {
    const relay = this.relay;
    relay.start().catch(async (error: unknown) => {
      if (this.stopping) return;
      const reason = error instanceof Error ? error.message : String(error);
      if (isDatabaseUnavailable(error)) log('warn', `${this.options.name}: database unavailable; retrying`, { error: reason });
      else log('error', `${this.options.name}: batch not published; starting again from the checkpoint`, { error: error instanceof Error ? error.stack : reason });
      await relay.stop();
      if (this.stopping) return;
      this.timer = setTimeout(() => {
        if (this.stopping) return;
        this.relay = this.create();
        this.run();
      }, this.options.retryDelayMs ?? RETRY_AFTER_FAILURE_MS);
    });
  }

  private async serveHealth(port: number): Promise<void> {
    this.server = createServer((request, response) => {
      if (request.url !== '/health') {
        response.writeHead(404).end();
        return;
      }
      void this.databaseReachable().then((reachable) => {
        const { state, position, published } = this.relay;
        // A standby is healthy: it is ready to take over.
        const ok = reachable && state !== 'stopped';
        response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: ok ? 'ok' : 'unavailable', database: reachable ? 'ok' : 'unreachable', state, position: formatCursor(position), published }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  private databaseReachable(): Promise<boolean> {
    return answersInTime(this.pool.query('SELECT 1'));
  }
}
