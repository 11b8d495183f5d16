import type { JokeRated, JokeRating } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const formRatingColumns = {
  comedian_style: column.text(),
  /** The writer's form (template family) the rated jokes came from. */
  form: column.text(),
  user_id: column.text(),
  /** How many of this style's jokes in this form the user rates (their current rating of each). */
  ratings: column.integer(),
  /** Their ratings' stars above one, summed: 0 (all one star) to 4 x ratings (all five). */
  points: column.integer(),
};

/**
 * What each user thinks of each form of each style: the learned state of the
 * offline writer's Thompson sampling, kept per user so one user's weight can
 * be capped when it is read (see `formPosteriors`). Integers only, so a
 * rebuild from position zero gives the very same rows.
 */
export type FormRatingRow = RowOf<typeof formRatingColumns>;
export type FormRatingView = ViewOf<typeof formRatingColumns>;

/** A rating as the Beta posterior counts it: 1 star is 0 (a failure), 5 stars 4 quarters of a success. */
const pointsOf = (rating: JokeRating): number => rating - 1;
export const POINTS_PER_RATING = 4;

export function evolveFormRating(row: FormRatingRow | null, event: JokeRated): FormRatingRow | null {
  const { comedianStyle, form, userId, rating, previousRating } = event.data;
  if (form === undefined) return row;
  const current = row ?? { comedian_style: comedianStyle, form, user_id: userId, ratings: 0, points: 0 };
  // One rating per user and joke, the latest: a change replaces the rating it changes.
  if (previousRating !== null && row !== null) return { ...current, points: current.points - pointsOf(previousRating) + pointsOf(rating) };
  return { ...current, ratings: current.ratings + 1, points: current.points + pointsOf(rating) };
}

export const formRatingsReadModel = defineReadModel({
  name: 'form_ratings',
  version: 1,
  table: 'form_ratings',
  columns: formRatingColumns,
  key: ['comedian_style', 'form', 'user_id'],
  handles: ['JokeRated'],
  // Ratings of jokes written before forms existed carry none: they teach nothing.
  keyOf: (event: JokeRated) =>
    event.data.form === undefined ? undefined : { comedian_style: event.data.comedianStyle, form: event.data.form, user_id: event.data.userId },
  evolve: evolveFormRating,
});

/**
 * One user's ratings of one form count as at most this many ratings: a user
 * rating their own jokes five stars in a loop moves a form's posterior by three
 * ratings' worth, however long they keep at it.
 */
export const RATINGS_COUNTED_PER_USER = 3;

/** A Beta posterior over "this form lands": alpha - 1 successes and beta - 1 failures seen, from a uniform prior. */
export interface FormPosterior {
  alpha: number;
  beta: number;
  /** The users whose ratings it counts. */
  raters: number;
}

/** A user's rows weigh min(1, cap / ratings) each, so no user counts for more than `RATINGS_COUNTED_PER_USER` ratings of a form. */
export function userWeight(ratings: number): number {
  return Math.min(1, RATINGS_COUNTED_PER_USER / ratings);
}

/**
 * The posterior of each form from its rows (the query the writer runs computes
 * the same in SQL, see `FORM_POSTERIORS_SQL`): each user's ratings weighed by
 * `userWeight`, normalised ratings as fractional successes (4 stars: 0.75).
 */
export function formPosteriors(rows: Iterable<Pick<FormRatingRow, 'form' | 'ratings' | 'points'>>): Map<string, FormPosterior> {
  const posteriors = new Map<string, FormPosterior>();
  for (const { form, ratings, points } of rows) {
    if (ratings <= 0) continue;
    const weight = userWeight(ratings);
    const posterior = posteriors.get(form) ?? { alpha: 1, beta: 1, raters: 0 };
    posterior.alpha += (weight * points) / POINTS_PER_RATING;
    posterior.beta += (weight * (POINTS_PER_RATING * ratings - points)) / POINTS_PER_RATING;
    posterior.raters += 1;
    posteriors.set(form, posterior);
  }
  return posteriors;
}

/** `formPosteriors` for one style in one statement: $1 the style, $2 `RATINGS_COUNTED_PER_USER`. `{table}` is the table. */
export const FORM_POSTERIORS_SQL = `
  SELECT form,
         1 + sum(points * least(1.0, $2::float8 / ratings)) / ${POINTS_PER_RATING} AS alpha,
         1 + sum((${POINTS_PER_RATING} * ratings - points) * least(1.0, $2::float8 / ratings)) / ${POINTS_PER_RATING} AS beta,
         count(*)::int AS raters
    FROM {table}
   WHERE comedian_style = $1 AND ratings > 0
   GROUP BY form`;
