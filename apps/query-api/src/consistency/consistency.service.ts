import { Injectable } from '@nestjs/common';
import { parseCursor } from '@jokes/event-store';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';

export const CONSISTENCY_TIMEOUT_MS = 2000;

/** Asks `read` again with a growing pause until it answers or the time is up. */
export async function pollUntil<T>(read: () => Promise<T | null | undefined>, timeoutMs = CONSISTENCY_TIMEOUT_MS): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 100)) {
    const answer = await read();
    if (answer !== null && answer !== undefined) return answer;
    if (Date.now() + delay > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * Read your writes (DESIGN.md decision 6): given the position a command
 * returned, wait (bounded) until the read models a query reads have passed it.
 * On timeout the query answers anyway with what it has: slightly stale beats failing.
 */
@Injectable()
export class ConsistencyService {
  constructor(private readonly em: EntityManager) {}

  async waitFor(readModels: readonly string[] | undefined, token: string | undefined, timeoutMs = CONSISTENCY_TIMEOUT_MS): Promise<boolean> {
    if (!token || !readModels?.length) return true;
    const cursor = parseCursor(token);
    if (!cursor) return true;
    const reached = await pollUntil(async () => {
      const [row] = await this.em.getConnection().execute<{ reached: string | number }[]>(
        `SELECT count(*) AS reached FROM projection_checkpoints
         WHERE name = ANY(?::text[]) AND (last_transaction_id, last_position) >= (?::xid8, ?::bigint)`,
        [`{${readModels.join(',')}}`, cursor.transactionId.toString(), cursor.globalPosition.toString()],
      );
      return Number(row?.reached ?? 0) === readModels.length ? true : null;
    }, timeoutMs);
    return reached === true;
  }

  /** Waits as `waitFor` does and marks the answer `X-Consistency: stale` if the time ran out. */
  async beforeReading(readModels: readonly string[] | undefined, token: string | undefined, response: Response): Promise<void> {
    if (!(await this.waitFor(readModels, token))) response.setHeader('x-consistency', 'stale');
  }
}
