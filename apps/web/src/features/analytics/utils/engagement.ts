import { SHARE_PLATFORM_VALUES, type EngagementDimension, type SharePlatformValue } from '@jokes/contracts';
import type { EngagementRow } from '../api/analytics.api';
import type { CsvCell } from './csv';

export const DIMENSION_LABELS: Record<EngagementDimension, string> = {
  day: 'Day',
  comedian: 'Comedian',
  length: 'Length',
  topic: 'Topic',
  platform: 'Platform',
};

export const PLATFORM_LABELS: Record<SharePlatformValue, string> = {
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  snapchat: 'Snapchat',
  sms: 'SMS',
  copy: 'Copy',
};

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * One column of the engagement table and of its CSV: `field` names it in the
 * CSV (as `npm run report -- engagement --format csv` does: the dimension, then
 * the API's field names), `title` on screen; `display` when the screen shows
 * the value otherwise than the CSV.
 */
export interface EngagementColumn {
  field: string;
  title: string;
  value: (row: EngagementRow) => CsvCell;
  display?: (row: EngagementRow) => string | null;
  numeric: boolean;
}

/** Averages are shown with the API's two decimals, 4 as 4.00. */
export const formatAverage = (average: number | null): string | null => (average === null ? null : average.toFixed(2));

export function engagementColumns(by: EngagementDimension): EngagementColumn[] {
  return [
    { field: by, title: DIMENSION_LABELS[by], value: (row) => row.key, numeric: false },
    { field: 'generated', title: 'Generated', value: (row) => row.generated, numeric: true },
    { field: 'rated', title: 'Rated', value: (row) => row.rated, numeric: true },
    {
      field: 'rating_average',
      title: 'Average rating',
      value: (row) => row.rating_average,
      display: (row) => formatAverage(row.rating_average),
      numeric: true,
    },
    ...STARS.map((stars, index) => ({
      field: `rating_${stars}`,
      title: `${stars}★`,
      value: (row: EngagementRow) => row.rating_histogram[index] ?? 0,
      numeric: true,
    })),
    ...SHARE_PLATFORM_VALUES.map((platform) => ({
      field: `shares_${platform}`,
      title: PLATFORM_LABELS[platform],
      value: (row: EngagementRow) => row.shares[platform],
      numeric: true,
    })),
    { field: 'shares_total', title: 'Shares', value: (row) => row.shares_total, numeric: true },
    { field: 'page_views', title: 'Page views', value: (row) => row.page_views, numeric: true },
    { field: 'unique_visitors', title: 'Unique visitors', value: (row) => row.unique_visitors, numeric: true },
  ];
}

export interface EngagementTotals {
  generated: number;
  rated: number;
  shares: number;
  pageViews: number;
  /** Current ratings of 1..5 stars over all rows. */
  histogram: [number, number, number, number, number];
  /** Of the current ratings over all rows (from the histogram, not an average of averages); null with none. */
  average: number | null;
  sharesByPlatform: Record<SharePlatformValue, number>;
}

/**
 * Sums the rows shown. Unique visitors are not summed: a visitor of two days
 * (or two comedians) is one visitor, which no sum of the rows can tell.
 */
export function engagementTotals(rows: readonly EngagementRow[]): EngagementTotals {
  const histogram: EngagementTotals['histogram'] = [0, 0, 0, 0, 0];
  const sharesByPlatform = Object.fromEntries(SHARE_PLATFORM_VALUES.map((platform) => [platform, 0])) as Record<SharePlatformValue, number>;
  let generated = 0;
  let rated = 0;
  let shares = 0;
  let pageViews = 0;
  for (const row of rows) {
    generated += row.generated;
    rated += row.rated;
    shares += row.shares_total;
    pageViews += row.page_views;
    for (const [index, count] of row.rating_histogram.entries()) histogram[index] = (histogram[index] ?? 0) + count;
    for (const platform of SHARE_PLATFORM_VALUES) sharesByPlatform[platform] += row.shares[platform];
  }
  const ratings = histogram.reduce((sum, count) => sum + count, 0);
  const starSum = histogram.reduce((sum, count, index) => sum + count * (index + 1), 0);
  const average = ratings === 0 ? null : Math.round((starSum / ratings) * 100) / 100;
  return { generated, rated, shares, pageViews, histogram, average, sharesByPlatform };
}

export interface SeriesPoint {
  x: string;
  series: string;
  value: number;
}

/** Generated, rated and shared per row key: the lines per day, the bars per comedian, length, topic or platform. */
export function activitySeries(rows: readonly EngagementRow[]): SeriesPoint[] {
  return rows.flatMap((row) => [
    { x: row.key, series: 'Generated', value: row.generated },
    { x: row.key, series: 'Rated', value: row.rated },
    { x: row.key, series: 'Shared', value: row.shares_total },
  ]);
}

export interface BarPoint {
  x: string;
  value: number;
}

export const histogramBars = (totals: EngagementTotals): BarPoint[] =>
  totals.histogram.map((count, index) => ({ x: `${index + 1}★`, value: count }));

export const platformBars = (totals: EngagementTotals): BarPoint[] =>
  SHARE_PLATFORM_VALUES.map((platform) => ({ x: PLATFORM_LABELS[platform], value: totals.sharesByPlatform[platform] }));

/** engagement-by-platform-2026-03-01-to-2026-03-31.csv; an open end says so. */
export function reportFileName(report: string, range: { from?: string; to?: string }, by?: EngagementDimension): string {
  return `${report}${by ? `-by-${by}` : ''}-${range.from ?? 'start'}-to-${range.to ?? 'now'}.csv`;
}
