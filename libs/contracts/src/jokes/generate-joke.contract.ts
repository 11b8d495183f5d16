import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { joke, jokeLength, position } from './joke.schema.js';

export const TOPIC_MAX_LENGTH = 200;

export const generateJokeRequest = z.object({
  comedian_style: text().trim().min(1, 'Choose a comedian style').max(100),
  topic: text().trim().max(TOPIC_MAX_LENGTH, `Keep the topic under ${TOPIC_MAX_LENGTH} characters`).default(''),
  length: jokeLength.default('short'),
  bypass_premium_check: z.boolean().optional(),
  ai_suggest_topic: z.boolean().optional(),
  user_id: text().min(1).nullish(),
});
export type GenerateJokeRequest = z.input<typeof generateJokeRequest>;

export const generateJokeResponse = joke.extend({ position });
export type GenerateJokeResponse = z.infer<typeof generateJokeResponse>;

/** 403 for premium styles and lengths without a subscription (SPEC section 6). */
export const requiresPremiumBody = z.object({
  error: z.string(),
  message: z.string(),
  requiresPremium: z.literal(true),
});
export type RequiresPremiumBody = z.infer<typeof requiresPremiumBody>;

/**
 * 422 when the moderator refused the topic or the joke written for it: the
 * web shows `error` and `message` as they are; `category` names why, never what.
 */
export const contentRefusedBody = z.object({
  error: z.string(),
  message: z.string(),
  /** One of SAFETY_CATEGORIES in @jokes/domain, which this library does not import. */
  category: z.string(),
});
export type ContentRefusedBody = z.infer<typeof contentRefusedBody>;

export const generateJoke = defineContract({
  name: 'generateJoke',
  method: 'POST',
  path: '/api/generate',
  side: 'command',
  body: generateJokeRequest,
  response: generateJokeResponse,
  errors: { 400: validationErrorBody, 403: requiresPremiumBody, 422: contentRefusedBody, 502: errorBody, 503: errorBody },
});
