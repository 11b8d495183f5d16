import { z } from 'zod';
import { defineContract, errorBody } from '../contract.js';
import { joke } from '../jokes/joke.schema.js';
import { reportReason } from './moderation.schema.js';

/** The joke's text and style as every API returns them, under the queue's `joke_id`. */
export const reportedJoke = joke.pick({ content: true, comedian_style: true, topic: true, length: true }).extend({
  joke_id: z.string(),
  /** The oldest open report, and its age when this was read: removal is promised within 48 hours. */
  first_reported_at: z.string(),
  age_seconds: z.number().int(),
  reports: z.number().int(),
  /** Open reports by reason. */
  reasons: z.record(reportReason, z.number().int()),
});
export type ReportedJoke = z.infer<typeof reportedJoke>;

/** Support's queue: jokes with open reports, oldest report first (support or admin; 403 otherwise). */
export const reportedJokes = defineContract({
  name: 'reportedJokes',
  method: 'GET',
  path: '/api/support/reports',
  side: 'query',
  reads: ['reported_jokes', 'jokes'],
  response: z.array(reportedJoke),
  errors: { 401: errorBody, 403: errorBody },
});
