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

/** Closed: every consumer's switch must handle each member (JokeRated comes next). */
export type JokeEvent = JokeGenerated;

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
      return { status: 'generated', jokeId, userId, comedianStyle, topic, length, generatedAt };
    }
    default: {
      // `.type`: while the union has one member, only the discriminant narrows to never.
      const _exhaustive: never = event.type;
      return state;
    }
  }
}
