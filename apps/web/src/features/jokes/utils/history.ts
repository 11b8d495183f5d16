import type { Joke } from '@jokes/contracts';

/**
 * Newest first (SPEC 2 '/history'). The server already answers in that order;
 * sorting again keeps the page right whatever the read model's order, and the
 * stable sort keeps the server's order among jokes of the same instant.
 */
export function newestFirst<T extends Pick<Joke, 'created_at'>>(jokes: readonly T[]): T[] {
  const time = (joke: T) => {
    const parsed = Date.parse(joke.created_at);
    return Number.isNaN(parsed) ? 0 : parsed;
  };
  return [...jokes].sort((a, b) => time(b) - time(a));
}
