import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { position } from '../jokes/joke.schema.js';
import { REPORT_DETAILS_MAX, reportReason } from './moderation.schema.js';

export const reportJokeRequest = z.object({
  reason: reportReason,
  user_id: text().min(1),
  details: text().max(REPORT_DETAILS_MAX, `must be at most ${REPORT_DETAILS_MAX} characters`).optional(),
});
export type ReportJokeRequest = z.input<typeof reportJokeRequest>;

/** A second report by the same user appends nothing and answers the same (the stream's newest position). */
export const reportJokeResponse = z.object({ id: z.string(), position: position.nullable() });
export type ReportJokeResponse = z.infer<typeof reportJokeResponse>;

/** Signed in (401), the caller's own user_id (403), a joke that is up (404 for an unknown or withdrawn one). */
export const reportJoke = defineContract({
  name: 'reportJoke',
  method: 'POST',
  path: '/api/jokes/:id/report',
  side: 'command',
  body: reportJokeRequest,
  response: reportJokeResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody },
});

export const retractJokeReportRequest = z.object({ user_id: text().min(1) });
export type RetractJokeReportRequest = z.input<typeof retractJokeReportRequest>;

/**
 * The reporter takes back their open report (it leaves support's queue; they
 * may report the joke again). Signed in (401), the caller's own user_id (403),
 * a joke that is up (404); nothing open of theirs to take back appends nothing
 * and answers the same. Counted with reports (429).
 */
export const retractJokeReport = defineContract({
  name: 'retractJokeReport',
  method: 'POST',
  path: '/api/jokes/:id/report/retract',
  side: 'command',
  body: retractJokeReportRequest,
  response: reportJokeResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
});
