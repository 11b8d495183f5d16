import { z } from 'zod';
import { defineContract } from '../contract.js';
import { jokeLength } from '../jokes/joke.schema.js';

export const tier = z.enum(['free', 'premium']);

export const comedianEntry = z.object({
  name: z.string(),
  tier,
  /** On the Make Me Laugh list (random one-click generation). */
  makeMeLaugh: z.boolean(),
});

export const lengthEntry = z.object({
  value: jokeLength,
  label: z.string(),
  /** Sentence count as shown, e.g. "2-3 sentences". */
  description: z.string(),
  minSentences: z.number().int(),
  maxSentences: z.number().int(),
  tier,
});

export const catalogueResponse = z.object({
  comedians: z.array(comedianEntry),
  lengths: z.array(lengthEntry),
});
export type Catalogue = z.infer<typeof catalogueResponse>;
export type ComedianEntry = z.infer<typeof comedianEntry>;
export type LengthEntry = z.infer<typeof lengthEntry>;

export const listComedians = defineContract({
  name: 'listComedians',
  method: 'GET',
  path: '/api/comedians',
  side: 'query',
  response: catalogueResponse,
});
