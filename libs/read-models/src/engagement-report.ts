import {
  byKey,
  emptyHistogram,
  inRange,
  ratingAverage,
  SHARE_PLATFORMS,
  type DayRange,
  type Histogram,
  type SharePlatform,
} from './engagement-figures.js';
import type { EngagementRatingRow } from './engagement-ratings.read-model.js';
import type { EngagementVisitorRow } from './engagement-visitors.read-model.js';
import type { EngagementRow } from './engagement.read-model.js';

/**
 * The engagement report, finished the same way wherever its figures come from:
 * the query API sums the read models in SQL, `npm run report` sums rows it
 * built in memory from the stream; both hand their parts to `engagementReportRows`.
 */

export const ENGAGEMENT_BY = ['day', 'comedian', 'length', 'topic', 'platform'] as const;
export type EngagementBy = (typeof ENGAGEMENT_BY)[number];

/** The column of a joke's cell each dimension groups by (platform is a share's, not a cell's). */
export const CELL_COLUMN_OF = { day: 'day', comedian: 'comedian_style', length: 'length', topic: 'topic' } as const satisfies Record<
  Exclude<EngagementBy, 'platform'>,
  keyof EngagementRow & keyof EngagementRatingRow
>;

export type SharesByPlatform = Record<SharePlatform, number>;

export interface EngagementReportRow {
  key: string;
  generated: number;
  /** Current ratings (a changed rating counts once, at its new value). */
  rated: number;
  rating_average: number | null;
  rating_histogram: Histogram;
  shares: SharesByPlatform;
  shares_total: number;
  page_views: number;
  unique_visitors: number;
}

/** Some figures of one key; parts with the same key add up. */
export interface EngagementPart {
  key: string;
  generated?: number;
  /** Counts of 1..5 stars. */
  histogram?: readonly number[];
  shares?: Partial<SharesByPlatform>;
  page_views?: number;
  unique_visitors?: number;
}

const noShares = (): SharesByPlatform => ({ x: 0, facebook: 0, instagram: 0, snapchat: 0, sms: 0, copy: 0 });

/** Adds the parts up by key and answers the rows that have any figure, sorted by key. */
export function engagementReportRows(parts: Iterable<EngagementPart>): EngagementReportRow[] {
  const rows = new Map<string, EngagementReportRow>();
  for (const part of parts) {
    let row = rows.get(part.key);
    if (!row) {
      row = { key: part.key, generated: 0, rated: 0, rating_average: null, rating_histogram: emptyHistogram(), shares: noShares(), shares_total: 0, page_views: 0, unique_visitors: 0 };
      rows.set(part.key, row);
    }
    row.generated += part.generated ?? 0;
    part.histogram?.forEach((count, star) => (row.rating_histogram[star] = row.rating_histogram[star]! + count));
    for (const platform of SHARE_PLATFORMS) row.shares[platform] += part.shares?.[platform] ?? 0;
    row.page_views += part.page_views ?? 0;
    row.unique_visitors += part.unique_visitors ?? 0;
  }
  const finished = [...rows.values()].map((row) => {
    const rated = row.rating_histogram.reduce((sum, n) => sum + n, 0);
    const shares_total = SHARE_PLATFORMS.reduce((sum, platform) => sum + row.shares[platform], 0);
    return { ...row, rated, rating_average: ratingAverage(row.rating_histogram), shares_total };
  });
  return finished.filter((row) => row.generated + row.rated + row.shares_total + row.page_views + row.unique_visitors > 0).sort((a, b) => byKey(a.key, b.key));
}

/** The read models' rows, in memory: the command line's path to the same parts the API reads in SQL. */
export interface EngagementTables {
  cells: Iterable<EngagementRow>;
  ratings: Iterable<EngagementRatingRow>;
  visitors: Iterable<EngagementVisitorRow>;
}

export function* engagementParts(by: EngagementBy, tables: EngagementTables, range: DayRange): Generator<EngagementPart> {
  for (const row of tables.cells) {
    if (!inRange(row.day, range)) continue;
    const shares = sharesOf(row);
    if (by === 'platform') {
      for (const platform of SHARE_PLATFORMS) if (shares[platform] > 0) yield { key: platform, shares: { [platform]: shares[platform] } };
    } else {
      yield { key: row[CELL_COLUMN_OF[by]], generated: row.generated, shares };
    }
  }
  // Ratings belong to no platform.
  if (by !== 'platform') {
    for (const row of tables.ratings) {
      if (!inRange(row.day, range)) continue;
      const histogram = emptyHistogram();
      histogram[row.rating - 1] = 1;
      yield { key: row[CELL_COLUMN_OF[by]], histogram };
    }
  }
  // Page views belong to a day only: nothing attributes them to a comedian, length, topic or platform.
  if (by === 'day') {
    for (const row of tables.visitors) {
      if (row.page_views > 0 && inRange(row.day, range)) yield { key: row.day, page_views: row.page_views, unique_visitors: 1 };
    }
  }
}

export function sharesOf(row: EngagementRow): SharesByPlatform {
  return {
    x: row.shares_x,
    facebook: row.shares_facebook,
    instagram: row.shares_instagram,
    snapchat: row.shares_snapchat,
    sms: row.shares_sms,
    copy: row.shares_copy,
  };
}
