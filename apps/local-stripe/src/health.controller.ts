import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LocalStripeRuntime } from './local-stripe.runtime.js';

export interface ProviderHealth {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unreachable';
  /** The webhook outbox: events not yet accepted by the product, and how many of those failed at least once. */
  webhooks?: { waiting: number; failing: number };
}

/** A database that hangs instead of refusing must not hang the health check too. */
const PROBE_TIMEOUT_MS = 2000;

@Controller()
export class HealthController {
  constructor(@Inject(LocalStripeRuntime) private readonly local: LocalStripeRuntime) {}

  /** Up when its database answers; the edge aggregates this into /api/health. */
  @Get('/health')
  async health(@Res({ passthrough: true }) response: Response): Promise<ProviderHealth> {
    const outbox = await withTimeout(this.local.dispatcher.backlog());
    if (outbox) return { status: 'ok', database: 'ok', webhooks: outbox };
    response.status(503);
    return { status: 'unavailable', database: 'unreachable' };
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), PROBE_TIMEOUT_MS);
  });
  return Promise.race([promise.catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}
