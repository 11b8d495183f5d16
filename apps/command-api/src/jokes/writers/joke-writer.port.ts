import type { Comedian, GenerateJoke } from '@jokes/domain';
import type { Payer } from '../../spend/spend-ceiling.js';

/**
 * The generate request's topic (may be empty: the writer then picks one), length
 * and aiSuggestTopic (Make Me Laugh asks for a suggested topic; an empty topic is
 * always filled in, so this only tells a writer that the user left the choice to it).
 */
export interface JokeRequest extends Pick<GenerateJoke['data'], 'topic' | 'length' | 'aiSuggestTopic'> {
  /** The catalogue's entry for the request's style. */
  comedian: Comedian;
  /** The same seed and request give the same joke, where the writer can promise that. */
  seed?: string;
  /**
   * Who the joke is shown to ('user:{id}', or 'client:{address key}' for a
   * visitor without a session), so a writer can avoid repeating its forms to
   * them. Kept in memory only, never in an event.
   */
  visitor?: string;
  /** Whose share of the spend ceiling a paid writer's calls count against; free when absent. */
  payer?: Payer;
}

export interface WrittenJoke {
  content: string;
  /** The topic the joke is about: the requested one, or the writer's pick. */
  topic: string;
  topicSuggested: boolean;
  /** Recorded on the event, e.g. 'offline' or 'openai:gpt-4o-mini'. */
  writer: string;
  /** The writer's form (template family) the joke took, where the writer has forms; recorded on the event so ratings can teach it. */
  form?: string;
}

/**
 * Writes a joke in a comedian's style. An abstract class rather than an
 * interface so that NestJS can use it as the injection token.
 */
export abstract class JokeWriter {
  /**
   * Rejects with JokeWriterError, or with SpendCeilingReachedError before a
   * paid call the hour's budget has no room for.
   */
  abstract write(request: JokeRequest, signal?: AbortSignal): Promise<WrittenJoke>;
}

export class JokeWriterError extends Error {
  override readonly name = 'JokeWriterError';
  /** Trying again later may succeed (timeouts, rate limits, 5xx), so the API answers 503 rather than 502. */
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
  }
}
