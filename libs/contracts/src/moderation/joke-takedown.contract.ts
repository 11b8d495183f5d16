import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { position } from '../jokes/joke.schema.js';
import { reportReason } from './moderation.schema.js';

/** Withdrawing twice, or dismissing with no open report, appends nothing and answers the same. */
export const jokeTakedownResponse = z.object({ id: z.string(), position: position.nullable() });
export type JokeTakedownResponse = z.infer<typeof jokeTakedownResponse>;

export const withdrawJokeRequest = z.object({ reason: reportReason });
export type WithdrawJokeRequest = z.input<typeof withdrawJokeRequest>;

/** Support takes a joke down (support or admin: 403 otherwise; 404 for an unknown joke). */
export const withdrawJoke = defineContract({
  name: 'withdrawJoke',
  method: 'POST',
  path: '/api/support/jokes/:id/withdraw',
  side: 'command',
  body: withdrawJokeRequest,
  response: jokeTakedownResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody },
});

/** Support leaves a reported joke up: its open reports leave the queue. */
export const dismissJokeReports = defineContract({
  name: 'dismissJokeReports',
  method: 'POST',
  path: '/api/support/jokes/:id/dismiss',
  side: 'command',
  response: jokeTakedownResponse,
  errors: { 401: errorBody, 403: errorBody, 404: errorBody },
});
