import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { answeredDateRange, dateRangeQuery } from '../date-range.schema.js';
import { engagementDimension } from './engagement.schema.js';

export const engagementReportQuery = dateRangeQuery.extend({ by: engagementDimension.default('day') });
export type EngagementReportQuery = z.input<typeof engagementReportQuery>;

const count = z.number().int();

export const engagementRow = z.object({
  /** A UTC date, a comedian, a length, a normalised topic ('(none)' when empty) or a platform. */
  key: z.string(),
  generated: count,
  rated: count,
  /** Of the current ratings, two decimals; null with none. */
  rating_average: z.number().nullable(),
  /** Current ratings of 1, 2, 3, 4 and 5 stars. */
  rating_histogram: z.tuple([count, count, count, count, count]),
  shares: z.object({ x: count, facebook: count, instagram: count, snapchat: count, sms: count, copy: count }),
  shares_total: count,
  /** Only by day: page views cannot be attributed to a comedian, length, topic or platform (0 then). */
  page_views: count,
  unique_visitors: count,
});
export type EngagementRow = z.infer<typeof engagementRow>;

export const engagementReportResponse = answeredDateRange.extend({ by: engagementDimension, rows: z.array(engagementRow) });
export type EngagementReportResponse = z.infer<typeof engagementReportResponse>;

/** For the analyst and admin roles: generated, rated and shared jokes and page views, sorted by key. */
export const engagementReport = defineContract({
  name: 'engagementReport',
  method: 'GET',
  path: '/api/analytics/engagement',
  side: 'query',
  reads: ['engagement', 'engagement_ratings', 'engagement_visitors'],
  query: engagementReportQuery,
  response: engagementReportResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});
