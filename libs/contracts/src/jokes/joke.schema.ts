import { z } from 'zod';

export const JOKE_LENGTHS = ['one-liner', 'short', 'medium', 'long'] as const;
export const jokeLength = z.enum(JOKE_LENGTHS);
export type JokeLengthValue = z.infer<typeof jokeLength>;

/** A joke as every API returns it (SPEC section 3). */
export const joke = z.object({
  id: z.string(),
  content: z.string(),
  comedian_style: z.string(),
  topic: z.string(),
  length: jokeLength,
  created_at: z.string(),
  user_id: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
});
export type Joke = z.infer<typeof joke>;

/**
 * An opaque read-your-writes token: send it back in the X-Consistent-Position
 * header and the query side answers only once its read models include the write.
 */
export const position = z.string().regex(/^\d+\.\d+$/);
