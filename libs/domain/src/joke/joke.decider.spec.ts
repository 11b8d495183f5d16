import { describe, expect, it } from '@jest/globals';
import type { JokeLength } from '../catalogue/lengths.js';
import { InvalidJokeError, JokeAlreadyGeneratedError, PremiumRequiredError, UnknownComedianError } from '../errors.js';
import { givenWhenThen } from '../testing/index.js';
import { checkGenerateAccess, jokeDecider, type GenerateJoke, type GenerateJokeContext } from './joke.decider.js';
import { jokeStreamId, type JokeGenerated } from './joke.events.js';

const given = givenWhenThen(jokeDecider);

const now = new Date('2025-03-14T09:26:53.000Z');
const written = { content: 'A joke about airline food.', topic: 'airline food', topicSuggested: false, writer: 'offline' };

const generate = (overrides: Partial<GenerateJoke['data']> = {}): GenerateJoke => ({
  type: 'GenerateJoke',
  data: {
    jokeId: 'joke-1',
    userId: 'user-1',
    comedianStyle: 'Jerry Seinfeld',
    topic: 'airline food',
    length: 'short',
    bypassPremiumCheck: false,
    aiSuggestTopic: false,
    ...overrides,
  },
});

const freeUser: GenerateJokeContext = { now, isPro: false, written };
const proUser: GenerateJokeContext = { now, isPro: true, written };

const generated = (overrides: Partial<JokeGenerated['data']> = {}): JokeGenerated => ({
  type: 'JokeGenerated',
  data: {
    jokeId: 'joke-1',
    userId: 'user-1',
    comedianStyle: 'Jerry Seinfeld',
    topic: 'airline food',
    topicSuggested: false,
    length: 'short',
    content: 'A joke about airline food.',
    writer: 'offline',
    premiumBypass: false,
    generatedAt: '2025-03-14T09:26:53.000Z',
    ...overrides,
  },
});

describe('GenerateJoke', () => {
  describe('when no joke exists yet', () => {
    it('generates a short joke with a free comedian for a free user, with the exact payload', () => {
      given([]).when(generate(), freeUser).then([generated()]);
    });

    it('generates for an anonymous visitor with the free options', () => {
      given([]).when(generate({ userId: null }), freeUser).then([generated({ userId: null })]);
    });

    it("records the catalogue's spelling of the comedian whatever casing was requested", () => {
      given([]).when(generate({ comedianStyle: '  jerry SEINFELD ' }), freeUser).then([generated()]);
    });

    it('records a suggested topic, trimmed, and the writer that wrote it', () => {
      const suggested = { content: '  Why is it always Mondays?  ', topic: ' Mondays ', topicSuggested: true, writer: 'openai:gpt-4o-mini' };
      given([])
        .when(generate({ topic: '' }), { now, isPro: false, written: suggested })
        .then([generated({ content: 'Why is it always Mondays?', topic: 'Mondays', topicSuggested: true, writer: 'openai:gpt-4o-mini' })]);
    });

    it('refuses a premium comedian for a free user with PremiumRequiredError', () => {
      given([])
        .when(generate({ comedianStyle: 'Robin Williams' }), freeUser)
        .thenThrows(PremiumRequiredError, (error) =>
          expect(error.message).toBe('Upgrade to access premium comedians and joke lengths'),
        );
    });

    it.each<JokeLength>(['one-liner', 'medium', 'long'])('refuses the premium length %s for a free user', (length) => {
      given([]).when(generate({ length }), freeUser).thenThrows(PremiumRequiredError);
    });

    it('lets a Pro user have a premium comedian and a premium length', () => {
      given([])
        .when(generate({ comedianStyle: 'Robin Williams', length: 'long' }), proUser)
        .then([generated({ comedianStyle: 'Robin Williams', length: 'long' })]);
    });

    it('refuses an unknown comedian with UnknownComedianError, even for a Pro user', () => {
      given([]).when(generate({ comedianStyle: 'Nobody McFakename' }), proUser).thenThrows(UnknownComedianError);
    });

    it('refuses an empty joke with InvalidJokeError', () => {
      given([])
        .when(generate(), { ...freeUser, written: { ...written, content: '  \n ' } })
        .thenThrows(InvalidJokeError);
    });

    it('refuses a joke without a topic with InvalidJokeError', () => {
      given([])
        .when(generate(), { ...freeUser, written: { ...written, topic: ' ' } })
        .thenThrows(InvalidJokeError);
    });
  });

  describe("when the writer names the joke's form", () => {
    it('records the form on the joke', () => {
      given([]).when(generate(), { now, isPro: false, written: { ...written, form: 'observational/punchline/x1' } }).then([generated({ form: 'observational/punchline/x1' })]);
    });

    it('writes no form field at all for a writer without forms', () => {
      const [event] = jokeDecider.decide(generate(), jokeDecider.initialState(), freeUser);
      expect(event?.data).not.toHaveProperty('form');
    });
  });

  describe('when Make Me Laugh asks to bypass the premium check', () => {
    const makeMeLaugh = (overrides: Partial<GenerateJoke['data']> = {}) =>
      generate({ comedianStyle: 'Robin Williams', topic: '', bypassPremiumCheck: true, aiSuggestTopic: true, ...overrides });

    it('honours the bypass for a premium comedian on its list, the short length, an empty topic and an AI-suggested topic', () => {
      given([])
        .when(makeMeLaugh(), freeUser)
        .then([generated({ comedianStyle: 'Robin Williams', premiumBypass: true })]);
    });

    it('refuses a premium comedian who is not on the Make Me Laugh list', () => {
      given([]).when(makeMeLaugh({ comedianStyle: 'Jim Carrey' }), freeUser).thenThrows(PremiumRequiredError);
    });

    it.each<JokeLength>(['one-liner', 'medium', 'long'])('refuses the %s length even for a listed comedian', (length) => {
      given([]).when(makeMeLaugh({ length }), freeUser).thenThrows(PremiumRequiredError);
    });

    it('refuses a listed premium comedian with a custom topic', () => {
      given([]).when(makeMeLaugh({ topic: 'airline food' }), freeUser).thenThrows(PremiumRequiredError);
    });

    it('refuses a listed premium comedian when the topic is not AI-suggested', () => {
      given([]).when(makeMeLaugh({ aiSuggestTopic: false }), freeUser).thenThrows(PremiumRequiredError);
    });

    it('counts a topic of spaces as empty, as the writer does', () => {
      given([])
        .when(makeMeLaugh({ topic: '   ' }), freeUser)
        .then([generated({ comedianStyle: 'Robin Williams', premiumBypass: true })]);
    });

    it('checks a Pro user as normal and does not record a bypass it did not honour', () => {
      given([])
        .when(makeMeLaugh({ comedianStyle: 'Jim Carrey', length: 'long' }), proUser)
        .then([generated({ comedianStyle: 'Jim Carrey', length: 'long' })]);
    });
  });

  describe('when the joke has already been generated', () => {
    it('refuses to generate it again with JokeAlreadyGeneratedError', () => {
      given([generated()]).when(generate(), freeUser).thenThrows(JokeAlreadyGeneratedError);
    });
  });
});

describe('checkGenerateAccess', () => {
  it('resolves the comedian so the handler can brief the writer before paying for it', () => {
    const access = checkGenerateAccess({ comedianStyle: 'ali wong', length: 'short', topic: 'cats', bypassPremiumCheck: false, aiSuggestTopic: false }, false);
    expect(access).toEqual({ comedian: expect.objectContaining({ name: 'Ali Wong', tier: 'free' }), premiumBypass: false });
  });

  it('refuses a premium length for a free user before any joke is written', () => {
    expect(() =>
      checkGenerateAccess({ comedianStyle: 'Ali Wong', length: 'medium', topic: 'cats', bypassPremiumCheck: false, aiSuggestTopic: false }, false),
    ).toThrow(PremiumRequiredError);
  });
});

describe('evolve', () => {
  it('remembers the generated joke, and nothing of it yet decided on (no rating, report or unpublishing)', () => {
    const state = jokeDecider.evolve(jokeDecider.initialState(), generated());
    expect(state).toMatchObject({
      status: 'generated',
      jokeId: 'joke-1',
      userId: 'user-1',
      comedianStyle: 'Jerry Seinfeld',
      topic: 'airline food',
      length: 'short',
      generatedAt: '2025-03-14T09:26:53.000Z',
      ratings: {},
      reporters: {},
      openReports: {},
      unpublished: false,
    });
  });

  it('keeps no text of the joke in its state: no command decides on what it says', () => {
    expect(jokeDecider.evolve(jokeDecider.initialState(), generated())).not.toHaveProperty('content');
  });
});

describe('jokeStreamId', () => {
  it('names the stream of one joke by its id', () => {
    expect(jokeStreamId('7d0f4b1e-9c8a-4e51-b2a3-5f6e7d8c9b0a')).toBe('joke-7d0f4b1e-9c8a-4e51-b2a3-5f6e7d8c9b0a');
  });
});
