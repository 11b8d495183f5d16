import type { Joke, JokeLengthValue } from '@jokes/contracts';
import type { JokeView } from '@jokes/read-models';

/**
 * A `jokes` row as every API returns a joke. The columns already carry the
 * wire's names (the domain's became them once, in jokeOnTheWire, when the row
 * was written), so only the date's form and the length's type change here.
 */
export function jokeOfRow(row: JokeView): Joke {
  return {
    id: row.id,
    content: row.content,
    comedian_style: row.comedian_style,
    topic: row.topic,
    // Written from the domain's JokeLength, which the compiler holds equal to the contract's lengths.
    length: row.length as JokeLengthValue,
    created_at: row.created_at.toISOString(),
    user_id: row.user_id,
    rating: row.rating,
  };
}
