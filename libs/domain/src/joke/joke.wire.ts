import type { JokeGenerated } from './joke.events.js';

/**
 * A written joke as the wire names it (SPEC section 3: snake_case, the
 * contracts' `joke` schema), before anyone rated it: `rating` is the reader's
 * own, which the caller adds. The edge of the joke's domain: its camelCase
 * names become the wire's here and nowhere else. The generate answer, the
 * personal data export and the history read model (whose columns are the
 * wire's names, so the query side reads them as they are) all go through it,
 * and where the result meets the contracts' types the compiler holds the two
 * spellings equal. (A request's names become the domain's in the one route
 * that takes a joke request, generate's.)
 */
export function jokeOnTheWire({ jokeId, userId, content, comedianStyle, topic, length, generatedAt }: JokeGenerated['data']) {
  return { id: jokeId, content, comedian_style: comedianStyle, topic, length, created_at: generatedAt, user_id: userId };
}
