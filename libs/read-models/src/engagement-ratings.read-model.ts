import type { JokeRated } from '@jokes/domain';
import { ratingOf } from './engagement-figures.js';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const engagementRatingColumns = {
  joke_id: column.text(),
  user_id: column.text(),
  /** When the rating was last set: a changed rating moves to the day of the change. */
  day: column.date(),
  comedian_style: column.text(),
  length: column.text(),
  topic: column.text(),
  rating: column.smallint(),
};

/**
 * Each user's current rating of each joke, with the joke's report cell: the
 * engagement report's histograms and averages count these, so a changed
 * rating replaces the one it changes instead of counting twice.
 */
export type EngagementRatingRow = RowOf<typeof engagementRatingColumns>;
export type EngagementRatingView = ViewOf<typeof engagementRatingColumns>;

export function evolveEngagementRating(_row: EngagementRatingRow | null, event: JokeRated): EngagementRatingRow {
  const { joke_id, user_id, cell, rating } = ratingOf(event);
  return { joke_id, user_id, ...cell, rating };
}

export const engagementRatingsReadModel = defineReadModel({
  name: 'engagement_ratings',
  version: 1,
  table: 'engagement_ratings',
  columns: engagementRatingColumns,
  key: ['joke_id', 'user_id'],
  // The report reads a range of days.
  indexes: ['CREATE INDEX ON {table} (day)'],
  handles: ['JokeRated'],
  // Every rating event carries the whole row: nothing before it needs loading.
  createdBy: ['JokeRated'],
  keyOf: (event: JokeRated) => ({ joke_id: event.data.jokeId, user_id: event.data.userId }),
  evolve: evolveEngagementRating,
});
