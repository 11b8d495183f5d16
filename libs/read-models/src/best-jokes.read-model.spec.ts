import { describe, expect, it } from '@jest/globals';
import type { JokeGenerated, JokeRated, JokeRating, JokeShared, JokeWithdrawn } from '@jokes/domain';
import { BEST_JOKE_MIN_RATINGS, bestJokesReadModel, type BestJokeEvent, type BestJokeRow } from './best-jokes.read-model.js';
import { MemoryReadModel } from './memory-read-model.js';

const generated = (jokeId: string, owner: string | null, comedianStyle = 'Ali Wong'): JokeGenerated => ({
  type: 'JokeGenerated',
  data: { jokeId, userId: owner, comedianStyle, topic: 'cats', topicSuggested: false, length: 'short', content: `Joke ${jokeId}.`, writer: 'offline', premiumBypass: false, generatedAt: '2026-11-22T10:00:00.000Z' },
});
const rated = (jokeId: string, userId: string, rating: JokeRating, previousRating: JokeRating | null = null): JokeRated => ({
  type: 'JokeRated',
  data: { jokeId, userId, rating, previousRating, comedianStyle: 'Ali Wong', length: 'short', topic: 'cats', ratedAt: '2026-11-22T11:00:00.000Z' },
});
const shared = (jokeId: string, userId: string | null): JokeShared => ({
  type: 'JokeShared',
  data: { jokeId, userId, visitorId: '8f14e45f-ceea-467f-a0e6-1b2c3d4e5f60', platform: 'x', comedianStyle: 'Ali Wong', length: 'short', topic: 'cats', sharedAt: '2026-11-22T12:00:00.000Z' },
});
const withdrawn = (jokeId: string): JokeWithdrawn => ({ type: 'JokeWithdrawn', data: { jokeId, userId: 'owner', reason: 'offensive', withdrawnAt: '2026-11-22T13:00:00.000Z' } });

/** The style's trusted jokes best first, as the writer's query orders them. */
function best(events: BestJokeEvent[], style = 'Ali Wong'): BestJokeRow[] {
  const model = new MemoryReadModel(bestJokesReadModel);
  events.forEach((event) => model.apply(event));
  return [...model.rows()]
    .filter((row) => row.comedian_style === style && row.ratings >= BEST_JOKE_MIN_RATINGS)
    .sort((a, b) => b.score - a.score || a.joke_id.localeCompare(b.joke_id));
}

const threeRatings = (jokeId: string, rating: JokeRating) => ['a', 'b', 'c'].map((user) => rated(jokeId, user, rating));

describe("a style's best jokes", () => {
  it('ranks the joke its audience rated higher first', () => {
    const rows = best([generated('j1', 'owner'), generated('j2', 'owner'), ...threeRatings('j1', 3), ...threeRatings('j2', 5)]);
    expect(rows.map((row) => row.joke_id)).toEqual(['j2', 'j1']);
  });

  it('leaves a joke out until enough people have rated it', () => {
    expect(best([generated('j1', 'owner'), rated('j1', 'a', 5), rated('j1', 'b', 5)])).toEqual([]);
  });

  it('leaves a withdrawn joke out of a style\'s best jokes, and later ratings and shares do not bring it back', () => {
    const rows = best([generated('j1', 'owner'), ...threeRatings('j1', 5), withdrawn('j1'), rated('j1', 'd', 5), shared('j1', null)]);
    expect(rows).toEqual([]);
  });

  it('never holds a joke the moderator refused: it has no JokeGenerated', () => {
    const refused = { type: 'JokeRefused', data: { jokeId: 'j1', comedianStyle: 'Ali Wong', length: 'short', stage: 'joke', category: 'hate', moderator: 'offline', refusedAt: '2026-11-22T10:00:00.000Z' } };
    const model = new MemoryReadModel(bestJokesReadModel);
    [refused, ...threeRatings('j1', 5)].forEach((event) => model.apply(event));
    expect([...model.rows()]).toEqual([]);
  });

  it("counts one rating per user, the latest, and never the owner's own", () => {
    const rows = best([
      generated('j1', 'owner'),
      rated('j1', 'owner', 5),
      rated('j1', 'a', 5),
      rated('j1', 'a', 1, 5),
      rated('j1', 'b', 2),
      rated('j1', 'c', 3),
    ]);
    expect(rows).toEqual([expect.objectContaining({ joke_id: 'j1', ratings: 3, rating_sum: 6 })]);
  });

  it("cannot be lifted by its owner rating and sharing it in a loop", () => {
    const loop = Array.from({ length: 50 }, () => [rated('mine', 'owner', 5), shared('mine', 'owner')]).flat();
    const rows = best([generated('mine', 'owner'), generated('theirs', 'someone'), ...threeRatings('mine', 3), ...loop, ...threeRatings('theirs', 4)]);
    expect(rows.map((row) => [row.joke_id, row.ratings, row.shares])).toEqual([
      ['theirs', 3, 0],
      ['mine', 3, 0],
    ]);
  });

  it('lets shares lift a joke by half a star at most', () => {
    const shares = Array.from({ length: 40 }, () => shared('shared', null));
    const rows = best([generated('shared', 'owner'), generated('loved', 'owner'), ...threeRatings('shared', 3), ...shares, ...threeRatings('loved', 5)]);
    expect(rows.map((row) => row.joke_id)).toEqual(['loved', 'shared']);
    expect(rows[1]!.score).toBe(3500);
  });
});
