import { describe, expect, it } from '@jest/globals';
import type { JokeGenerated } from '@jokes/domain';
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
});

describe('daily generations row', () => {
  it('counts jokes per day and style, and how many topics were suggested', () => {
    const first = evolveDailyGenerations(null, generated());
    const second = evolveDailyGenerations(first, generated({ topicSuggested: true }));
    expect(second).toEqual({ day: '2026-11-22', comedian_style: 'Jerry Seinfeld', generated: 2, suggested_topics: 1 });
  });
});
