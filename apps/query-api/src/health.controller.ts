import { Controller, Get, Res } from '@nestjs/common';
import { jokeHistoryReadModel } from '@jokes/read-models';
import { answersInTime } from '@jokes/server';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { reportQueueHealth, type ReportQueueHealth } from './moderation/report-queue.health.js';

export interface ProcessHealth {
  status: 'ok' | 'starting' | 'unavailable';
  database: 'ok' | 'unreachable';
  /** Support's queue of reported jokes, while the read models answer (the edge shows it at /api/health). */
  reports?: ReportQueueHealth;
}

@Controller()
export class HealthController {
  constructor(private readonly em: EntityManager) {}

  /**
   * Ready when the database answers and the read models it serves exist; the
   * body says which of the two is missing (the edge aggregates every process's health).
   */
  @Get('/health')
  async health(@Res({ passthrough: true }) response: Response): Promise<ProcessHealth> {
    const connection = this.em.getConnection();
    const reachable = await answersInTime(connection.execute('SELECT 1'));
    if (!reachable) {
      response.status(503);
      return { status: 'unavailable', database: 'unreachable' };
    }
    // The projectors create the read models on their first start.
    if (!(await answersInTime(connection.execute(`SELECT 1 FROM ${jokeHistoryReadModel.table} LIMIT 1`)))) {
      response.status(503);
      return { status: 'starting', database: 'ok' };
    }
    // A figure, not a condition of readiness: while the projectors first build the queue's table it is left out.
    const reports = await reportQueueHealth(this.em).catch(() => undefined);
    return { status: 'ok', database: 'ok', ...(reports ? { reports } : {}) };
  }
}
