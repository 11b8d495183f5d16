import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { answeredDateRange, dateRangeQuery } from '../date-range.schema.js';

/** The refusal report's dimensions. */
export const REFUSALS_BY_VALUES = ['day', 'comedian'] as const;
const refusalsBy = z.enum(REFUSALS_BY_VALUES);

export const refusalReportQuery = dateRangeQuery.extend({ by: refusalsBy.default('day') });
export type RefusalReportQuery = z.input<typeof refusalReportQuery>;

const count = z.number().int();

export const refusalRow = z.object({
  /** A UTC date or a comedian. */
  key: z.string(),
  /** Jokes written plus generates refused. */
  attempts: count,
  refused: count,
  /** refused / attempts, four decimals. */
  refusal_rate: z.number(),
  /** Refusals by SAFETY_CATEGORIES (@jokes/domain), every category present: a category's rate is its count over attempts. */
  categories: z.record(z.string(), count),
  /** Refused at the topic (before writing) or at the joke (after). */
  stages: z.object({ topic: count, joke: count }),
});
export type RefusalRow = z.infer<typeof refusalRow>;

export const refusalReportResponse = answeredDateRange.extend({ by: refusalsBy, rows: z.array(refusalRow) });
export type RefusalReportResponse = z.infer<typeof refusalReportResponse>;

/** For the analyst and admin roles: how often the moderator refused, by category and stage; never what was refused. */
export const refusalReport = defineContract({
  name: 'refusalReport',
  method: 'GET',
  path: '/api/analytics/refusals',
  side: 'query',
  reads: ['engagement', 'engagement_refusals'],
  query: refusalReportQuery,
  response: refusalReportResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});
