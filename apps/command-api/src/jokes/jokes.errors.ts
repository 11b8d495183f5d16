import type { AreaErrors } from '../http/error.filter.js';
import { ContentSafetyError } from './safety/content-safety.port.js';
import { JokeWriterError } from './writers/joke-writer.port.js';

/** A moderator that could not judge fails like a writer that could not write: nothing unjudged is shown. */
export const jokeErrors: AreaErrors = {
  matchers: [
    (error) =>
      error instanceof JokeWriterError || error instanceof ContentSafetyError
        ? { status: error.retryable ? 503 : 502, body: { error: 'Failed to generate joke', message: 'Failed to generate joke' } }
        : undefined,
  ],
};
