import { Controller, Get, Inject } from '@nestjs/common';
import pg from 'pg';
import { PG_POOL } from './infrastructure/infrastructure.module.js';

@Controller()
export class HealthController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** Ready when the database answers (the edge aggregates every process's health). */
  @Get('/health')
  async health(): Promise<{ status: 'ok' }> {
    await this.pool.query('SELECT 1');
    return { status: 'ok' };
  }
}
