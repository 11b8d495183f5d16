import { describe, expect, it } from '@jest/globals';
import type { JokeRated, JokeRating } from '@jokes/domain';
import { formPosteriors, formRatingsReadModel, RATINGS_COUNTED_PER_USER } from './form-ratings.read-model.js';
import { MemoryReadModel } from './memory-read-model.js';

let jokes = 0;
const rated = (form: string | undefined, userId: string, rating: JokeRating, previousRating: JokeRating | null = null, jokeId = `joke-${++jokes}`): JokeRated => ({
  type: 'JokeRated',
  data: { jokeId, userId, rating, previousRating, comedianStyle: 'Ali Wong', length: 'short', topic: 'cats', ...(form ? { form } : {}), ratedAt: '2026-11-22T11:00:00.000Z' },
});

function posteriors(events: JokeRated[]) {
  const model = new MemoryReadModel(formRatingsReadModel);
  events.forEach((event) => model.apply(event));
  return formPosteriors(model.rows());
}

describe('what the offline writer learns from ratings', () => {
  it('counts five stars as a success and one star as a failure, from a uniform prior', () => {
    const learned = posteriors([rated('f1', 'a', 5), rated('f1', 'b', 1), rated('f2', 'a', 4)]);
    expect(learned.get('f1')).toEqual({ alpha: 2, beta: 2, raters: 2 });
    expect(learned.get('f2')).toEqual({ alpha: 1.75, beta: 1.25, raters: 1 });
  });

  it('replaces a changed rating instead of counting it twice', () => {
    const learned = posteriors([rated('f1', 'a', 5, null, 'j1'), rated('f1', 'a', 1, 5, 'j1')]);
    expect(learned.get('f1')).toEqual({ alpha: 1, beta: 2, raters: 1 });
  });

  it('learns nothing from ratings of jokes written before forms existed', () => {
    expect(posteriors([rated(undefined, 'a', 5)]).size).toBe(0);
  });

  it(`counts a user rating one form a hundred times as ${RATINGS_COUNTED_PER_USER} ratings`, () => {
    const loop = Array.from({ length: 100 }, () => rated('mine', 'looper', 5));
    expect(posteriors(loop).get('mine')).toEqual({ alpha: 1 + RATINGS_COUNTED_PER_USER, beta: 1, raters: 1 });
  });

  it("cannot be steered by one user rating their own jokes five stars in a loop against thirty people's ratings", () => {
    const audience = Array.from({ length: 30 }, (_, user) => [rated('liked', `u${user}`, 5), rated('mine', `u${user}`, 2)]).flat();
    const loop = Array.from({ length: 500 }, () => rated('mine', 'looper', 5));
    const learned = posteriors([...audience, ...loop]);
    const mean = (form: string) => learned.get(form)!.alpha / (learned.get(form)!.alpha + learned.get(form)!.beta);
    expect(mean('liked')).toBeGreaterThan(mean('mine') + 0.4);
    expect(mean('mine')).toBeLessThan(0.4);
  });
});
