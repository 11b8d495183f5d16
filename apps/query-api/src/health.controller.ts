import { Controller, Get, Inject, Injectable, Res } from '@nestjs/common';
import { jokeHistoryReadModel } from '@jokes/read-models';
import { answersInTime, type HealthReport } from '@jokes/server';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { reportQueueHealth, type ReportQueueHealth } from './moderation/report-queue.health.js';

export interface ProcessHealth {
  status: 'ok' | 'starting' | 'unavailable';
  database: 'ok' | 'unreachable';
  /** Support's queue of reported jokes, while the read models answer (the edge shows it at /api/health). */
  reports?: ReportQueueHealth;
}

/** The query side's health, asked over HTTP (`/health`) or in the same process (the product's target `all`). */
@Injectable()
export class QueryHealth {
  constructor(private readonly em: EntityManager) {}

  /**
   * Ready when the database answers and the read models it serves exist; the
   * body says which of the two is missing.
   */
  async check(): Promise<HealthReport<ProcessHealth>> {
    const connection = this.em.getConnection();
    const reachable = await answersInTime(connection.execute('SELECT 1'));
    if (!reachable) return { ok: false, body: { status: 'unavailable', database: 'unreachable' } };
    // The projectors create the read models on their first start.
    if (!(await answersInTime(connection.execute(`SELECT 1 FROM ${jokeHistoryReadModel.table} LIMIT 1`)))) {
      return { ok: false, body: { status: 'starting', database: 'ok' } };
    }
    // A figure, not a condition of readiness: while the projectors first build the queue's table it is left out.
    const reports = await reportQueueHealth(this.em).catch(() => undefined);
    return { ok: true, body: { status: 'ok', database: 'ok', ...(reports ? { reports } : {}) } };
  }
}

@Controller()
export class HealthController {
  constructor(@Inject(QueryHealth) private readonly health: QueryHealth) {}

  @Get('/health')
  async answer(@Res({ passthrough: true }) response: Response): Promise<ProcessHealth> {
    const { ok, body } = await this.health.check();
    if (!ok) response.status(503);
    return body;
  }
}
