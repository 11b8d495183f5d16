import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { position } from '../jokes/joke.schema.js';
import { sharePlatform } from './engagement.schema.js';

/** Anonymous visitors may share; a signed-in caller's user_id must be their own (403). */
export const shareJokeRequest = z.object({
  platform: sharePlatform,
  visitor_id: text().uuid(),
  user_id: text().min(1).nullish(),
});
export type ShareJokeRequest = z.input<typeof shareJokeRequest>;

export const shareJokeResponse = z.object({ position });
export type ShareJokeResponse = z.infer<typeof shareJokeResponse>;

/** SPEC section 7 leaves the helper call's path open: this is it. */
export const shareJoke = defineContract({
  name: 'shareJoke',
  method: 'POST',
  path: '/api/jokes/:id/share',
  side: 'command',
  body: shareJokeRequest,
  response: shareJokeResponse,
  errors: { 400: validationErrorBody, 403: errorBody, 404: errorBody },
});
