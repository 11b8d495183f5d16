import {
  CELL_COLUMN_OF,
  engagementRatingsReadModel,
  engagementReadModel,
  engagementRefusalsReadModel,
  engagementVisitorsReadModel,
  funnelReadModel,
  REFUSAL_COLUMN_OF,
  SHARE_PLATFORMS,
  type DayRange,
  type EngagementBy,
  type EngagementPart,
  type FunnelPart,
  type RefusalPart,
  type RefusalsBy,
  type SharesByPlatform,
} from '@jokes/read-models';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The engagement report's and the funnel's parts, summed by PostgreSQL from
 * the read models. They are the same parts `npm run report` makes from rows it
 * rebuilt in memory (`engagementParts`, `funnelParts` in libs/read-models), and
 * both are finished by the same functions; a test holds the two paths equal.
 */

const table = (name: string) => `"${name}"`;
const sharesSum = SHARE_PLATFORMS.map((platform) => `sum(shares_${platform})::int AS ${platform}`).join(', ');

function dayFilter({ from, to }: DayRange, extra: string[] = []): { where: string; params: string[] } {
  const conditions = [...extra];
  const params: string[] = [];
  if (from) {
    conditions.push('day >= ?::date');
    params.push(from);
  }
  if (to) {
    conditions.push('day <= ?::date');
    params.push(to);
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

export async function engagementPartsFromTables(em: EntityManager, by: EngagementBy, range: DayRange): Promise<EngagementPart[]> {
  const connection = em.getConnection();
  const { where, params } = dayFilter(range);
  if (by === 'platform') {
    // Only shares belong to a platform.
    const [totals] = await connection.execute<SharesByPlatform[]>(`SELECT ${sharesSum} FROM ${table(engagementReadModel.table)} ${where}`, params);
    return SHARE_PLATFORMS.map((platform) => ({ key: platform, shares: { [platform]: totals?.[platform] ?? 0 } }));
  }
  const column = CELL_COLUMN_OF[by];
  const cells = await connection.execute<(SharesByPlatform & { key: string; generated: number })[]>(
    `SELECT ${column}::text AS key, sum(generated)::int AS generated, ${sharesSum} FROM ${table(engagementReadModel.table)} ${where} GROUP BY 1`,
    params,
  );
  const ratings = await connection.execute<{ key: string; rating: number; n: number }[]>(
    `SELECT ${column}::text AS key, rating, count(*)::int AS n FROM ${table(engagementRatingsReadModel.table)} ${where} GROUP BY 1, 2`,
    params,
  );
  const parts: EngagementPart[] = [
    ...cells.map(({ key, generated, ...shares }) => ({ key, generated, shares })),
    ...ratings.map(({ key, rating, n }) => ({ key, histogram: [1, 2, 3, 4, 5].map((star) => (star === rating ? n : 0)) })),
  ];
  if (by === 'day') {
    // Page views belong to a day only.
    const visits = dayFilter(range, ['page_views > 0']);
    const views = await connection.execute<{ key: string; page_views: number; unique_visitors: number }[]>(
      `SELECT day::text AS key, sum(page_views)::int AS page_views, count(*)::int AS unique_visitors
       FROM ${table(engagementVisitorsReadModel.table)} ${visits.where} GROUP BY 1`,
      visits.params,
    );
    parts.push(...views);
  }
  return parts;
}

export async function funnelPartsFromTables(em: EntityManager, range: DayRange): Promise<FunnelPart[]> {
  const connection = em.getConnection();
  const { where, params } = dayFilter(range);
  const visitors = await connection.execute<FunnelPart[]>(
    `SELECT day::text AS day,
            count(*) FILTER (WHERE activities > 0)::int AS visitors,
            count(*) FILTER (WHERE generate_items > 0)::int AS generated,
            count(*) FILTER (WHERE engage_items > 0)::int AS engaged
     FROM ${table(engagementVisitorsReadModel.table)} ${where} GROUP BY 1`,
    params,
  );
  const steps = await connection.execute<FunnelPart[]>(`SELECT day::text AS day, signed_up, trials, paid FROM ${table(funnelReadModel.table)} ${where}`, params);
  return [...visitors, ...steps];
}

export async function refusalPartsFromTables(em: EntityManager, by: RefusalsBy, range: DayRange): Promise<RefusalPart[]> {
  const connection = em.getConnection();
  const { where, params } = dayFilter(range);
  const column = REFUSAL_COLUMN_OF[by];
  const written = await connection.execute<{ key: string; generated: number }[]>(
    `SELECT ${column}::text AS key, sum(generated)::int AS generated FROM ${table(engagementReadModel.table)} ${where} GROUP BY 1`,
    params,
  );
  const refused = await connection.execute<{ key: string; category: string; stage: string; refused: number }[]>(
    `SELECT ${column}::text AS key, category, stage, sum(refused)::int AS refused FROM ${table(engagementRefusalsReadModel.table)} ${where} GROUP BY 1, 2, 3`,
    params,
  );
  return [...written, ...refused.map(({ key, ...refusals }) => ({ key, refusals }))];
}
