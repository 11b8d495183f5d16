import { z } from 'zod';

export const JOKE_LENGTHS = ['one-liner', 'short', 'medium', 'long'] as const;
export const jokeLength = z.enum(JOKE_LENGTHS);
export type JokeLengthValue = z.infer<typeof jokeLength>;

/** A rating of a joke: whole stars, 1 to 5, no coercion ("5", 2.5, 0, 6 and null are refused). */
export const jokeRating = z.number().int().min(1).max(5);

/** A joke as every API returns it (SPEC section 3); every other joke on the wire is derived from it. */
export const joke = z.object({
  id: z.string(),
  content: z.string(),
  comedian_style: z.string(),
  topic: z.string(),
  length: jokeLength,
  created_at: z.string(),
  user_id: z.string().nullable(),
  rating: jokeRating.nullable(),
});
export type Joke = z.infer<typeof joke>;

/**
 * An opaque read-your-writes token: send it back in the X-Consistent-Position
 * header and the query side answers only once its read models include the write.
 */
export const position = z.string().regex(/^\d+\.\d+$/);
