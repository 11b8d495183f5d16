import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { jokeRating, position } from '../jokes/joke.schema.js';

export const rateJokeRequest = z.object({
  rating: jokeRating,
  user_id: text().min(1),
});
export type RateJokeRequest = z.input<typeof rateJokeRequest>;

/** `position` is null when the same rating was sent again and nothing was appended. */
export const rateJokeResponse = z.object({ id: z.string(), rating: jokeRating, position: position.nullable() });
export type RateJokeResponse = z.infer<typeof rateJokeResponse>;

/** SPEC section 7: signed in (401), the caller's own user_id (403), a joke that exists (404). */
export const rateJoke = defineContract({
  name: 'rateJoke',
  method: 'POST',
  path: '/api/jokes/:id/rate',
  side: 'command',
  body: rateJokeRequest,
  response: rateJokeResponse,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody },
});
