import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { joke } from './joke.schema.js';

export const jokeHistoryQuery = z.object({ user_id: text().min(1, 'user_id is required') });

/** The user's jokes, newest first; Pro only (403 `{ error, message, requiresPremium: true }` otherwise). */
export const jokeHistoryResponse = z.array(joke);

export const jokeHistory = defineContract({
  name: 'jokeHistory',
  method: 'GET',
  path: '/api/jokes/history',
  side: 'query',
  // Pro-only (SPEC 6): a subscription that just started must count at once.
  reads: ['jokes', 'entitlements'],
  query: jokeHistoryQuery,
  response: jokeHistoryResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});
