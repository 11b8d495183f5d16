import { Controller, Get, Res } from '@nestjs/common';
import { jokeHistoryReadModel } from '@jokes/read-models';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';

export interface ProcessHealth {
  status: 'ok' | 'starting' | 'unavailable';
  database: 'ok' | 'unreachable';
}

/** A database that hangs instead of refusing must not hang the health check too. */
const PROBE_TIMEOUT_MS = 2000;

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
    const reachable = await succeeds(connection.execute('SELECT 1'));
    if (!reachable) {
      response.status(503);
      return { status: 'unavailable', database: 'unreachable' };
    }
    // The projectors create the read models on their first start.
    if (!(await succeeds(connection.execute(`SELECT 1 FROM ${jokeHistoryReadModel.table} LIMIT 1`)))) {
      response.status(503);
      return { status: 'starting', database: 'ok' };
    }
    return { status: 'ok', database: 'ok' };
  }
}

function succeeds(promise: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  return Promise.race([promise.then(() => true, () => false), timeout]).finally(() => clearTimeout(timer));
}
