import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import pg from 'pg';
import { PG_POOL } from './infrastructure/infrastructure.module.js';

export interface ProcessHealth {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unreachable';
}

/** A database that hangs instead of refusing must not hang the health check too. */
const PROBE_TIMEOUT_MS = 2000;

@Controller()
export class HealthController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * Ready when the database answers. The process itself is up either way; the
   * body says which part is down (the edge aggregates every process's health).
   */
  @Get('/health')
  async health(@Res({ passthrough: true }) response: Response): Promise<ProcessHealth> {
    if (await succeeds(this.pool.query('SELECT 1'))) return { status: 'ok', database: 'ok' };
    response.status(503);
    return { status: 'unavailable', database: 'unreachable' };
  }
}

function succeeds(promise: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  return Promise.race([promise.then(() => true, () => false), timeout]).finally(() => clearTimeout(timer));
}
