// Events of one joke's stream, with overridable payloads, for the joke deciders' given/when/then.
import type { JokeGenerated, JokeShared } from '../joke/joke.events.js';

export const jokeId = 'joke-1';
export const now = new Date('2026-11-27T08:00:00.000Z');
export const context = { now };

export const jokeGenerated = (o: Partial<JokeGenerated['data']> = {}): JokeGenerated => ({
  type: 'JokeGenerated',
  data: {
    jokeId,
    userId: 'owner',
    comedianStyle: 'Ali Wong',
    topic: 'airline food',
    topicSuggested: false,
    length: 'short',
    content: 'A joke about airline food.',
    writer: 'offline',
    premiumBypass: false,
    generatedAt: '2026-11-26T09:26:53.000Z',
    ...o,
  },
});

export const jokeShared = (o: Partial<JokeShared['data']> = {}): JokeShared => ({
  type: 'JokeShared',
  data: { jokeId, userId: null, visitorId: 'visitor-1', platform: 'x', comedianStyle: 'Ali Wong', length: 'short', topic: 'airline food', sharedAt: now.toISOString(), ...o },
});
