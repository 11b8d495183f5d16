import { findComedian, type Comedian } from '../catalogue/comedians.js';
import { lengthSpec, type JokeLength } from '../catalogue/lengths.js';
import { InvalidJokeError, JokeAlreadyGeneratedError, JokeNotFoundError, PremiumRequiredError, UnknownComedianError } from '../errors.js';
import {
  evolveJoke,
  initialJokeState,
  type JokeEvent,
  type JokeGenerated,
  type JokeRated,
  type JokeRating,
  type JokeShared,
  type JokeState,
  type SharePlatform,
} from './joke.events.js';

export type GenerateJoke = {
  type: 'GenerateJoke';
  data: {
    jokeId: string;
    userId: string | null;
    comedianStyle: string;
    /** May be empty: the writer then suggests one. */
    topic: string;
    length: JokeLength;
    /** Sent by Make Me Laugh; honoured only for what that button can send. */
    bypassPremiumCheck: boolean;
    /** The writer is asked to suggest the topic (Make Me Laugh always asks). */
    aiSuggestTopic: boolean;
  };
};

/** A signed-in user rates a joke (theirs or one they were shown); the handler has checked who they are. */
export type RateJoke = { type: 'RateJoke'; data: { jokeId: string; userId: string; rating: JokeRating } };

/** Anyone shares a joke; `userId` only when signed in, `visitorId` always. */
export type ShareJoke = {
  type: 'ShareJoke';
  data: { jokeId: string; userId: string | null; visitorId: string; platform: SharePlatform };
};

export type JokeCommand = GenerateJoke | RateJoke | ShareJoke;

/** What the handler gathered before deciding: the clock, the subscription, the written text. */
export interface GenerateJokeContext {
  now: Date;
  isPro: boolean;
  written: { content: string; topic: string; topicSuggested: boolean; writer: string };
}

/** What each command needs besides the state, gathered by its handler. */
export interface JokeContexts {
  GenerateJoke: GenerateJokeContext;
  RateJoke: { now: Date };
  ShareJoke: { now: Date };
}
export type JokeContext = JokeContexts[JokeCommand['type']];

export interface GenerateAccessRequest {
  comedianStyle: string;
  length: JokeLength;
  topic: string;
  bypassPremiumCheck: boolean;
  aiSuggestTopic: boolean;
}

export interface GenerateAccess {
  comedian: Comedian;
  /** The Make Me Laugh bypass was honoured. */
  premiumBypass: boolean;
}

/**
 * Make Me Laugh sends a name from its list, the short length, an empty topic,
 * an AI-suggested topic and the bypass flag (SPEC section 9). The flag is
 * honoured only for exactly that, so a hand-made request cannot use it to
 * unlock a premium style, a length or a topic of its own choosing.
 */
const isMakeMeLaughRequest = (comedian: Comedian, request: GenerateAccessRequest): boolean =>
  comedian.makeMeLaugh && request.length === 'short' && request.topic.trim() === '' && request.aiSuggestTopic;

/**
 * Who may generate what. The handler calls it before paying for the joke
 * writer, and `decide` calls it again so the rule holds on its own.
 */
export function checkGenerateAccess(request: GenerateAccessRequest, isPro: boolean): GenerateAccess {
  const comedian = findComedian(request.comedianStyle);
  if (!comedian) throw new UnknownComedianError(request.comedianStyle);

  const premiumBypass = request.bypassPremiumCheck && isMakeMeLaughRequest(comedian, request);
  const needsPro = comedian.tier === 'premium' || lengthSpec(request.length).tier === 'premium';
  if (needsPro && !isPro && !premiumBypass) throw new PremiumRequiredError();

  return { comedian, premiumBypass };
}

function generateJoke(command: GenerateJoke, state: JokeState, context: GenerateJokeContext): JokeGenerated[] {
  const { jokeId, userId, length } = command.data;
  if (state.status !== 'absent') throw new JokeAlreadyGeneratedError(jokeId);

  const { comedian, premiumBypass } = checkGenerateAccess(command.data, context.isPro);

  const content = context.written.content.trim();
  if (content === '') throw new InvalidJokeError('A joke cannot be empty');
  const topic = context.written.topic.trim();
  if (topic === '') throw new InvalidJokeError('A joke needs a topic');

  return [
    {
      type: 'JokeGenerated',
      data: {
        jokeId,
        userId,
        comedianStyle: comedian.name,
        topic,
        topicSuggested: context.written.topicSuggested,
        length,
        content,
        writer: context.written.writer,
        premiumBypass,
        generatedAt: context.now.toISOString(),
      },
    },
  ];
}

type Generated = Extract<JokeState, { status: 'generated' }>;

function generatedJoke(state: JokeState, jokeId: string): Generated {
  if (state.status !== 'generated') throw new JokeNotFoundError(jokeId);
  return state;
}

function rateJoke({ data }: RateJoke, state: JokeState, { now }: JokeContexts['RateJoke']): JokeRated[] {
  const joke = generatedJoke(state, data.jokeId);
  if (!Number.isInteger(data.rating) || data.rating < 1 || data.rating > 5) {
    throw new InvalidJokeError('A rating is a whole number from 1 to 5');
  }
  // hasOwn: a user id is only ever a key here, never 'constructor' from the prototype.
  const previousRating = Object.hasOwn(joke.ratings, data.userId) ? joke.ratings[data.userId]! : null;
  // Saying the same again is not news: a repeated click or retry records nothing.
  if (previousRating === data.rating) return [];
  return [
    {
      type: 'JokeRated',
      data: {
        jokeId: joke.jokeId,
        userId: data.userId,
        rating: data.rating,
        previousRating,
        comedianStyle: joke.comedianStyle,
        length: joke.length,
        topic: joke.topic,
        ratedAt: now.toISOString(),
      },
    },
  ];
}

function shareJoke({ data }: ShareJoke, state: JokeState, { now }: JokeContexts['ShareJoke']): JokeShared[] {
  const joke = generatedJoke(state, data.jokeId);
  return [
    {
      type: 'JokeShared',
      data: {
        jokeId: joke.jokeId,
        userId: data.userId,
        visitorId: data.visitorId,
        platform: data.platform,
        comedianStyle: joke.comedianStyle,
        length: joke.length,
        topic: joke.topic,
        sharedAt: now.toISOString(),
      },
    },
  ];
}

/** The `joke-{id}` stream's rules (see jokeStreamId): pure, with time, subscription and text passed in. */
export const jokeDecider = {
  decide(command: JokeCommand, state: JokeState, context: JokeContext): JokeEvent[] {
    switch (command.type) {
      case 'GenerateJoke':
        // The contexts differ by command; the handler that sent GenerateJoke gathered the written joke.
        if (!('written' in context)) throw new Error('GenerateJoke needs the written joke in its context');
        return generateJoke(command, state, context);
      case 'RateJoke':
        return rateJoke(command, state, context);
      case 'ShareJoke':
        return shareJoke(command, state, context);
      default: {
        const _exhaustive: never = command;
        throw new Error(`Unknown command: ${JSON.stringify(command)}`);
      }
    }
  },
  evolve: evolveJoke,
  initialState: initialJokeState,
};
