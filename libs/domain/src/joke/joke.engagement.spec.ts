import { describe, expect, it } from '@jest/globals';
import { InvalidJokeError, JokeNotFoundError } from '../errors.js';
import { givenWhenThen } from '../testing/index.js';
import { jokeDecider, type RateJoke, type ShareJoke } from './joke.decider.js';
import type { JokeGenerated, JokeRated, JokeRating, JokeShared } from './joke.events.js';

const given = givenWhenThen(jokeDecider);

const now = new Date('2025-03-15T18:00:00.000Z');

const generated: JokeGenerated = {
  type: 'JokeGenerated',
  data: {
    jokeId: 'joke-1',
    userId: 'owner',
    comedianStyle: 'Ali Wong',
    topic: 'Airline Food',
    topicSuggested: false,
    length: 'short',
    content: 'A joke about airline food.',
    writer: 'offline',
    premiumBypass: false,
    generatedAt: '2025-03-14T09:26:53.000Z',
  },
};

const rate = (rating: number, userId = 'owner'): RateJoke => ({
  type: 'RateJoke',
  data: { jokeId: 'joke-1', userId, rating: rating as JokeRating },
});

const rated = (rating: JokeRating, previousRating: JokeRating | null = null, userId = 'owner'): JokeRated => ({
  type: 'JokeRated',
  data: {
    jokeId: 'joke-1',
    userId,
    rating,
    previousRating,
    comedianStyle: 'Ali Wong',
    length: 'short',
    topic: 'Airline Food',
    ratedAt: '2025-03-15T18:00:00.000Z',
  },
});

const share = (overrides: Partial<ShareJoke['data']> = {}): ShareJoke => ({
  type: 'ShareJoke',
  data: { jokeId: 'joke-1', userId: null, visitorId: 'd3b07384-d9a0-4c9b-8f6e-2a1b3c4d5e6f', platform: 'x', ...overrides },
});

const shared = (overrides: Partial<JokeShared['data']> = {}): JokeShared => ({
  type: 'JokeShared',
  data: {
    jokeId: 'joke-1',
    userId: null,
    visitorId: 'd3b07384-d9a0-4c9b-8f6e-2a1b3c4d5e6f',
    platform: 'x',
    comedianStyle: 'Ali Wong',
    length: 'short',
    topic: 'Airline Food',
    sharedAt: '2025-03-15T18:00:00.000Z',
    ...overrides,
  },
});

describe('RateJoke', () => {
  describe('when the joke does not exist', () => {
    it('refuses with JokeNotFoundError', () => {
      given([]).when(rate(4), { now }).thenThrows(JokeNotFoundError, (error) => expect(error.jokeId).toBe('joke-1'));
    });
  });

  describe('when the joke has not been rated by this user', () => {
    it("records the rating with the joke's style, length and topic copied in and no previous rating", () => {
      given([generated]).when(rate(4), { now }).then([rated(4)]);
    });

    it("copies the joke's form into the rating, so the writer can learn which forms land", () => {
      const withForm: JokeGenerated = { ...generated, data: { ...generated.data, form: 'deadpan/punchline/abc' } };
      given([withForm]).when(rate(5, 'reader'), { now }).then([{ ...rated(5, null, 'reader'), data: { ...rated(5, null, 'reader').data, form: 'deadpan/punchline/abc' } }]);
    });

    it('rates a joke written before forms existed without inventing one', () => {
      const [event] = jokeDecider.decide(rate(3), [generated].reduce(jokeDecider.evolve, jokeDecider.initialState()), { now });
      expect(event?.data).not.toHaveProperty('form');
    });

    it("lets another signed-in user rate someone else's joke", () => {
      given([generated]).when(rate(5, 'reader'), { now }).then([rated(5, null, 'reader')]);
    });

    it.each([0, 6, 2.5, Number.NaN])('refuses the rating %p with InvalidJokeError', (rating) => {
      given([generated]).when(rate(rating), { now }).thenThrows(InvalidJokeError);
    });
  });

  describe('when this user has rated the joke', () => {
    it('records nothing for the same rating again', () => {
      given([generated, rated(4)]).when(rate(4), { now }).then([]);
    });

    it('records a change of rating with the previous one', () => {
      given([generated, rated(4)]).when(rate(2), { now }).then([rated(2, 4)]);
    });

    it('takes the newest rating as the previous one after several changes', () => {
      given([generated, rated(4), rated(2, 4)]).when(rate(4), { now }).then([rated(4, 2)]);
    });

    it("keeps each user's rating apart", () => {
      given([generated, rated(4), rated(1, null, 'reader')]).when(rate(1), { now }).then([rated(1, 4)]);
    });
  });
});

describe('ShareJoke', () => {
  it('refuses an unknown joke with JokeNotFoundError', () => {
    given([]).when(share(), { now }).thenThrows(JokeNotFoundError);
  });

  it("records an anonymous visitor's share with the joke's style, length and topic", () => {
    given([generated]).when(share(), { now }).then([shared()]);
  });

  it('records the signed-in user and the platform', () => {
    given([generated]).when(share({ userId: 'reader', platform: 'copy' }), { now }).then([shared({ userId: 'reader', platform: 'copy' })]);
  });

  it('records every share, the same one again included (each is a share)', () => {
    given([generated, shared()]).when(share(), { now }).then([shared()]);
  });
});

describe('evolve', () => {
  it("keeps each user's current rating", () => {
    const state = [generated, rated(4), rated(1, null, 'reader'), rated(2, 4), shared()].reduce(jokeDecider.evolve, jokeDecider.initialState());
    expect(state).toMatchObject({ status: 'generated', ratings: { owner: 2, reader: 1 } });
  });
});
