import { reportedJokesReadModel } from '@jokes/read-models';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The Copyright Notice promises removal within 48 hours. A joke whose oldest
 * open report is a day old has used half of that: health shows how many there
 * are, so the queue is worked before the promise is broken.
 */
export const REPORT_ATTENTION_HOURS = 24;

export interface ReportQueueHealth {
  /** Jokes with open reports. */
  open: number;
  /** Of those, the jokes whose oldest open report is older than 24 hours. */
  olderThan24h: number;
  /** The age of the oldest open report; null when the queue is empty. */
  oldestAgeSeconds: number | null;
}

export async function reportQueueHealth(em: EntityManager): Promise<ReportQueueHealth> {
  const [row] = await em.getConnection().execute<{ open: number; overdue: number; oldest: number | null }[]>(
    `SELECT count(*)::int AS open,
            (count(*) FILTER (WHERE first_reported_at < now() - make_interval(hours => ?)))::int AS overdue,
            floor(extract(epoch FROM now() - min(first_reported_at)))::int AS oldest
     FROM "${reportedJokesReadModel.table}"`,
    [REPORT_ATTENTION_HOURS],
  );
  return { open: row?.open ?? 0, olderThan24h: row?.overdue ?? 0, oldestAgeSeconds: row?.oldest ?? null };
}
