import { describe, expect, it } from '@jest/globals';
import type { JokeGenerated, JokeRated, JokeRating } from '@jokes/domain';
import { evolveDailyGenerations } from './daily-generations.read-model.js';
import { evolveJokeRow } from './joke-history.read-model.js';

const generated = (overrides: Partial<JokeGenerated['data']> = {}): JokeGenerated => ({
  type: 'JokeGenerated',
  data: {
    jokeId: '7b0c1f1e-0000-4000-8000-000000000001',
    userId: 'user-1',
    comedianStyle: 'Jerry Seinfeld',
    topic: 'airline food',
    topicSuggested: false,
    length: 'short',
    content: 'What is the deal with airline food? It is a meal with a seatbelt.',
    writer: 'offline',
    premiumBypass: false,
    generatedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  },
});

const rated = (rating: JokeRating, userId = 'user-1'): JokeRated => ({
  type: 'JokeRated',
  data: {
    jokeId: '7b0c1f1e-0000-4000-8000-000000000001',
    userId,
    rating,
    previousRating: null,
    comedianStyle: 'Jerry Seinfeld',
    length: 'short',
    topic: 'airline food',
    ratedAt: '2026-11-22T11:00:00.000Z',
  },
});

describe('joke history row', () => {
  it('becomes the generated joke, unrated', () => {
    expect(evolveJokeRow(null, generated())).toEqual({
      id: '7b0c1f1e-0000-4000-8000-000000000001',
      user_id: 'user-1',
      content: 'What is the deal with airline food? It is a meal with a seatbelt.',
      comedian_style: 'Jerry Seinfeld',
      topic: 'airline food',
      length: 'short',
      rating: null,
      created_at: '2026-11-22T10:00:00.000Z',
    });
  });

  it('keeps an anonymous joke without a user', () => {
    expect(evolveJokeRow(null, generated({ userId: null }))?.user_id).toBeNull();
  });

  it("shows the owner's own rating, and the newest when they change it", () => {
    const first = evolveJokeRow(evolveJokeRow(null, generated()), rated(4));
    expect(first?.rating).toBe(4);
    expect(evolveJokeRow(first, rated(2))?.rating).toBe(2);
  });

  it("does not show another user's rating of the owner's joke", () => {
    const row = evolveJokeRow(evolveJokeRow(null, generated()), rated(4));
    expect(evolveJokeRow(row, rated(1, 'someone-else'))?.rating).toBe(4);
  });

  it('removes a withdrawn joke from its owner\'s history', () => {
    const row = evolveJokeRow(null, generated());
    const withdrawn = { type: 'JokeWithdrawn', data: { jokeId: row!.id, userId: 'user-1', reason: 'copyright', withdrawnAt: '2026-11-23T10:00:00.000Z' } } as const;
    expect(evolveJokeRow(row, withdrawn)).toBeNull();
  });

  it("removes a joke its owner deleted from their history, and a later rating does not bring it back", () => {
    const row = evolveJokeRow(null, generated());
    const removed = { type: 'JokeRemovedFromHistory', data: { jokeId: row!.id, userId: 'user-1', removedAt: '2026-11-27T10:00:00.000Z' } } as const;
    expect(evolveJokeRow(row, removed)).toBeNull();
    expect(evolveJokeRow(evolveJokeRow(row, removed), rated(5))).toBeNull();
  });

  it('leaves an anonymous joke unrated whoever rates it', () => {
    const row = evolveJokeRow(null, generated({ userId: null }));
    expect(evolveJokeRow(row, rated(5, 'someone'))?.rating).toBeNull();
  });
});

describe('daily generations row', () => {
  it('counts jokes per day and style, and how many topics were suggested', () => {
    const first = evolveDailyGenerations(null, generated());
    const second = evolveDailyGenerations(first, generated({ topicSuggested: true }));
    expect(second).toEqual({ day: '2026-11-22', comedian_style: 'Jerry Seinfeld', generated: 2, suggested_topics: 1 });
  });
});
