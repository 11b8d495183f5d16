import { describe, expect, it } from '@jest/globals';
import { JokeAlreadyGeneratedError, JokeNotFoundError, PremiumRequiredError } from '../errors.js';
import { givenWhenThen } from '../testing/index.js';
import { jokeDecider, type ContentRefusal, type GenerateJoke, type RateJoke, type ReportJoke, type ShareJoke } from './joke.decider.js';
import type { JokeRefused } from './joke.events.js';

const given = givenWhenThen(jokeDecider);

const now = new Date('2025-03-14T09:26:53.000Z');
const topicRefusal: ContentRefusal = { stage: 'topic', category: 'sexual_minors', moderator: 'offline' };

const generate = (overrides: Partial<GenerateJoke['data']> = {}): GenerateJoke => ({
  type: 'GenerateJoke',
  data: { jokeId: 'joke-1', userId: 'user-1', comedianStyle: ' bill burr ', topic: 'a topic nobody may keep', length: 'short', bypassPremiumCheck: false, aiSuggestTopic: false, ...overrides },
});

const refusedEvent = (overrides: Partial<JokeRefused['data']> = {}): JokeRefused => ({
  type: 'JokeRefused',
  data: { jokeId: 'joke-1', comedianStyle: 'Bill Burr', length: 'short', stage: 'topic', category: 'sexual_minors', moderator: 'offline', refusedAt: now.toISOString(), ...overrides },
});

describe('GenerateJoke refused by the moderator', () => {
  it("records a refused topic's category, stage, comedian and length, and not the topic", () => {
    given([]).when(generate(), { now, isPro: false, refusal: topicRefusal }).then([refusedEvent()]);
  });

  it('records a refused joke at the joke stage, with the moderator that judged it', () => {
    given([])
      .when(generate(), { now, isPro: false, refusal: { stage: 'joke', category: 'hate', moderator: 'openai:omni-moderation-latest' } })
      .then([refusedEvent({ stage: 'joke', category: 'hate', moderator: 'openai:omni-moderation-latest' })]);
  });

  it('keeps nothing of the topic anywhere in the event', () => {
    const events = jokeDecider.decide(generate(), jokeDecider.initialState(), { now, isPro: false, refusal: topicRefusal });
    expect(JSON.stringify(events)).not.toContain('nobody may keep');
  });

  it('still answers PremiumRequiredError first for a premium comedian a free user asked for', () => {
    given([]).when(generate({ comedianStyle: 'Robin Williams' }), { now, isPro: false, refusal: topicRefusal }).thenThrows(PremiumRequiredError);
  });

  it('refuses to generate again on a refused id', () => {
    given([refusedEvent()]).when(generate(), { now, isPro: false, refusal: topicRefusal }).thenThrows(JokeAlreadyGeneratedError);
  });
});

describe('a refused joke id', () => {
  const context = { now };
  it.each<[string, RateJoke | ShareJoke | ReportJoke]>([
    ['rated', { type: 'RateJoke', data: { jokeId: 'joke-1', userId: 'user-1', rating: 5 } }],
    ['shared', { type: 'ShareJoke', data: { jokeId: 'joke-1', userId: null, visitorId: 'visitor-1', platform: 'x' } }],
    ['reported', { type: 'ReportJoke', data: { jokeId: 'joke-1', userId: 'user-1', reason: 'offensive' } }],
  ])('cannot be %s: JokeNotFoundError', (_, command) => {
    given([refusedEvent()]).when(command, context).thenThrows(JokeNotFoundError);
  });
});
