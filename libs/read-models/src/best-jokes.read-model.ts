import type { JokeGenerated, JokeRated, JokeShared, JokeWithdrawn } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const bestJokeColumns = {
  joke_id: column.uuid(),
  comedian_style: column.text(),
  /** The joke's owner: their own ratings and shares of it are not the audience's. Never leaves this table. */
  owner_id: column.text().orNull(),
  content: column.text(),
  /** Other users' current ratings: one per user, the latest. */
  ratings: column.integer(),
  rating_sum: column.integer(),
  /** Shares by anyone but the owner. */
  shares: column.integer(),
  /** How well it was received, in thousandths of a star (see `receivedScore`). */
  score: column.integer(),
};

/**
 * Each joke with how its audience received it: what the model-backed writer
 * shows a style's best jokes from. Only JokeGenerated starts a row, so a joke
 * the moderator refused is never here; JokeWithdrawn removes it for good.
 */
export type BestJokeRow = RowOf<typeof bestJokeColumns>;
export type BestJokeView = ViewOf<typeof bestJokeColumns>;

export type BestJokeEvent = JokeGenerated | JokeRated | JokeShared | JokeWithdrawn;

/** Fewer ratings than this by people other than its owner, and a joke's score is not trusted yet. */
export const BEST_JOKE_MIN_RATINGS = 3;
/** Every joke starts as if three people had given it three stars: one 5 from a stranger is not a great joke. */
const PRIOR_RATINGS = 3;
const PRIOR_STARS = 3;
/** Shares add a tenth of a star each, at most half a star: they cannot lift a badly rated joke far. */
const STARS_PER_SHARE = 0.1;
const MAX_SHARE_STARS = 0.5;

/** The mean rating shrunk toward three stars, plus a capped bonus for shares, in thousandths of a star. */
export function receivedScore({ ratings, rating_sum, shares }: Pick<BestJokeRow, 'ratings' | 'rating_sum' | 'shares'>): number {
  const stars = (rating_sum + PRIOR_STARS * PRIOR_RATINGS) / (ratings + PRIOR_RATINGS);
  return Math.round(1000 * (stars + Math.min(MAX_SHARE_STARS, STARS_PER_SHARE * shares)));
}

const scored = (row: BestJokeRow): BestJokeRow => ({ ...row, score: receivedScore(row) });

export function evolveBestJoke(row: BestJokeRow | null, event: BestJokeEvent): BestJokeRow | null {
  switch (event.type) {
    case 'JokeGenerated': {
      const { jokeId, comedianStyle, userId, content } = event.data;
      return scored({ joke_id: jokeId, comedian_style: comedianStyle, owner_id: userId, content, ratings: 0, rating_sum: 0, shares: 0, score: 0 });
    }
    case 'JokeRated': {
      const { userId, rating, previousRating } = event.data;
      if (row === null || userId === row.owner_id) return row;
      if (previousRating === null) return scored({ ...row, ratings: row.ratings + 1, rating_sum: row.rating_sum + rating });
      return scored({ ...row, rating_sum: row.rating_sum - previousRating + rating });
    }
    case 'JokeShared':
      if (row === null || (event.data.userId !== null && event.data.userId === row.owner_id)) return row;
      return scored({ ...row, shares: row.shares + 1 });
    case 'JokeWithdrawn':
      // Taken down: never an example again, whatever its ratings.
      return null;
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}

export const bestJokesReadModel = defineReadModel({
  name: 'best_jokes',
  version: 1,
  table: 'best_jokes',
  columns: bestJokeColumns,
  key: ['joke_id'],
  // A style's best trusted jokes first; the jokes not yet trusted stay out of the index.
  indexes: [`CREATE INDEX ON {table} (comedian_style, score DESC) WHERE ratings >= ${BEST_JOKE_MIN_RATINGS}`],
  handles: ['JokeGenerated', 'JokeRated', 'JokeShared', 'JokeWithdrawn'],
  createdBy: ['JokeGenerated'],
  keyOf: (event: BestJokeEvent) => ({ joke_id: event.data.jokeId }),
  evolve: evolveBestJoke,
});

/** A style's best trusted jokes, best first: $1 the style, $2 how many. `{table}` is the table. */
export const BEST_JOKES_SQL = `
  SELECT joke_id, content FROM {table}
   WHERE comedian_style = $1 AND ratings >= ${BEST_JOKE_MIN_RATINGS}
   ORDER BY score DESC, joke_id
   LIMIT $2`;
