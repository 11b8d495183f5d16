import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { joke } from './joke.schema.js';

export const jokeHistoryQuery = z.object({ user_id: z.string().min(1, 'user_id is required') });

/** The user's jokes, newest first. */
export const jokeHistoryResponse = z.array(joke);

export const jokeHistory = defineContract({
  name: 'jokeHistory',
  method: 'GET',
  path: '/api/jokes/history',
  side: 'query',
  reads: ['jokes'],
  query: jokeHistoryQuery,
  response: jokeHistoryResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});
