import type { JokeLength } from '../catalogue/lengths.js';

/**
 * A joke was written and handed to its reader. The payload stands alone (who,
 * which style, what it said, which writer) so history and analytics never
 * need to look anything else up.
 */
export type JokeGenerated = {
  type: 'JokeGenerated';
  data: {
    jokeId: string;
    /** Null for an anonymous visitor. */
    userId: string | null;
    /** The catalogue's spelling of the style, whatever casing the request used. */
    comedianStyle: string;
    topic: string;
    /** The writer chose the topic because the request left it empty. */
    topicSuggested: boolean;
    length: JokeLength;
    content: string;
    /** Which writer produced it, e.g. 'offline' or 'openai:gpt-4o-mini'. */
    writer: string;
    /** Make Me Laugh's bypass was honoured, so the premium check did not apply. */
    premiumBypass: boolean;
    /** ISO 8601. */
    generatedAt: string;
  };
};

/** A rating a user can give a joke: whole stars, one to five. */
export type JokeRating = 1 | 2 | 3 | 4 | 5;

/**
 * A signed-in user rated a joke, or changed their rating (`previousRating`
 * set). Rating again with the same value records nothing. The joke's style,
 * length and topic are copied in so reports never look the joke up.
 */
export type JokeRated = {
  type: 'JokeRated';
  data: {
    jokeId: string;
    userId: string;
    rating: JokeRating;
    /** This user's rating of this joke before, null for their first. */
    previousRating: JokeRating | null;
    comedianStyle: string;
    length: JokeLength;
    topic: string;
    /** ISO 8601. */
    ratedAt: string;
  };
};

/** Where the Share menu sent a joke (SPEC section 2); X was once Twitter. */
export const SHARE_PLATFORMS = ['x', 'facebook', 'instagram', 'snapchat', 'sms', 'copy'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** Someone, signed in or not, shared a joke from its Share menu. */
export type JokeShared = {
  type: 'JokeShared';
  data: {
    jokeId: string;
    /** Null for an anonymous visitor. */
    userId: string | null;
    /** The browser's anonymous visitor id (a random UUID it keeps), never personal data. */
    visitorId: string;
    platform: SharePlatform;
    comedianStyle: string;
    length: JokeLength;
    topic: string;
    /** ISO 8601. */
    sharedAt: string;
  };
};

/** Closed: every consumer's switch must handle each member. */
export type JokeEvent = JokeGenerated | JokeRated | JokeShared;

export type JokeState =
  | { status: 'absent' }
  | {
      status: 'generated';
      jokeId: string;
      userId: string | null;
      comedianStyle: string;
      topic: string;
      length: JokeLength;
      generatedAt: string;
      /** Each user's current rating of this joke, by user id. */
      ratings: Readonly<Record<string, JokeRating>>;
    };

/** Every joke has a stream of its own; the id is made by the handler before the joke exists. */
export function jokeStreamId(jokeId: string): string {
  return `joke-${jokeId}`;
}

export const initialJokeState = (): JokeState => ({ status: 'absent' });

export function evolveJoke(state: JokeState, event: JokeEvent): JokeState {
  switch (event.type) {
    case 'JokeGenerated': {
      const { jokeId, userId, comedianStyle, topic, length, generatedAt } = event.data;
      return { status: 'generated', jokeId, userId, comedianStyle, topic, length, generatedAt, ratings: {} };
    }
    case 'JokeRated': {
      if (state.status !== 'generated') return state;
      return { ...state, ratings: { ...state.ratings, [event.data.userId]: event.data.rating } };
    }
    case 'JokeShared':
      // A share changes nothing a later command decides on.
      return state;
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
