import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { dateRangeQuery } from '../date-range.schema.js';

export const funnelReportQuery = dateRangeQuery;
export type FunnelReportQuery = z.input<typeof funnelReportQuery>;

const count = z.number().int();

/** One UTC day: visitors, then those who generated, then rated or shared, then sign-ups, trials and first payments. */
export const funnelDay = z.object({
  day: z.string(),
  visitors: count,
  generated: count,
  engaged: count,
  signed_up: count,
  trials: count,
  paid: count,
});
export type FunnelDay = z.infer<typeof funnelDay>;

export const funnelReportResponse = z.object({ days: z.array(funnelDay) });
export type FunnelReportResponse = z.infer<typeof funnelReportResponse>;

/** For the analyst and admin roles. */
export const funnelReport = defineContract({
  name: 'funnelReport',
  method: 'GET',
  path: '/api/analytics/funnel',
  side: 'query',
  reads: ['engagement_visitors', 'funnel'],
  query: funnelReportQuery,
  response: funnelReportResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});
