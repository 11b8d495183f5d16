import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ContentFilterFinishReasonError, LengthFinishReasonError } from 'openai/error';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { JokeWriter, JokeWriterError, type JokeRequest, type WrittenJoke } from './joke-writer.port.js';
import { jokeSystemPrompt, jokeUserPrompt } from './openai-joke-prompt.js';

export interface OpenAiJokeWriterOptions {
  apiKey: string;
  /** Any OpenAI-compatible server, e.g. a local model or a test double. */
  baseURL?: string;
  model?: string;
  timeoutMs?: number;
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_TIMEOUT_MS = 20_000;

const writtenJoke = z.object({ topic: z.string(), joke: z.string() });

/**
 * Writes jokes with OpenAI's chat completions and structured output. Every
 * failure becomes a JokeWriterError whose message is safe to log: it names the
 * status or the cause, never the key or the provider's raw message.
 */
export class OpenAiJokeWriter extends JokeWriter {
  readonly model: string;
  readonly writerName: string;
  private readonly timeoutMs: number;
  private readonly client: OpenAI;

  constructor({ apiKey, baseURL, model = DEFAULT_OPENAI_MODEL, timeoutMs = DEFAULT_OPENAI_TIMEOUT_MS }: OpenAiJokeWriterOptions) {
    super();
    this.model = model;
    this.writerName = `openai:${model}`;
    this.timeoutMs = timeoutMs;
    // One retry, for the failures that pass quickly (a 5xx, a dropped connection);
    // the deadline in write() keeps a slow one from doubling the wait.
    this.client = new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries: 1 });
  }

  async write(request: JokeRequest, signal?: AbortSignal): Promise<WrittenJoke> {
    // One deadline for the whole write, retries included: it is the longest a
    // user waits on the Generate button. Being a signal, it is also recognised
    // by its state rather than by the shape of whatever error fetch threw.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let answer: z.infer<typeof writtenJoke> | null | undefined;
    try {
      const completion = await this.client.chat.completions.parse(
        {
          model: this.model,
          messages: [
            { role: 'system', content: jokeSystemPrompt(request) },
            { role: 'user', content: jokeUserPrompt(request) },
          ],
          response_format: zodResponseFormat(writtenJoke, 'joke'),
        },
        { signal: signal ? AbortSignal.any([signal, deadline]) : deadline },
      );
      const message = completion.choices[0]?.message;
      if (message?.refusal) throw new JokeWriterError('OpenAI refused to write this joke', { retryable: false });
      answer = message?.parsed;
    } catch (error) {
      throw this.toWriterError(error, deadline);
    }

    const content = answer?.joke.trim() ?? '';
    if (content === '') throw new JokeWriterError('OpenAI returned an empty joke', { retryable: true });

    const requestedTopic = request.topic.trim();
    const suggestedTopic = answer?.topic.trim() ?? '';
    // The user's topic stands as typed; the model's only fills an empty one.
    const topicSuggested = requestedTopic === '';
    const topic = topicSuggested ? suggestedTopic : requestedTopic;
    if (topic === '') throw new JokeWriterError('OpenAI did not say what the joke is about', { retryable: true });

    return { content, topic, topicSuggested, writer: this.writerName };
  }

  private toWriterError(error: unknown, deadline: AbortSignal): JokeWriterError {
    if (error instanceof JokeWriterError) return error;
    // Order matters: the timeout and abort errors are subclasses of the connection and API errors.
    if (deadline.aborted || error instanceof APIConnectionTimeoutError) {
      return new JokeWriterError(`OpenAI request timed out after ${this.timeoutMs} ms`, { retryable: true, cause: error });
    }
    if (error instanceof APIUserAbortError) {
      return new JokeWriterError('Joke writing was cancelled', { retryable: false, cause: error });
    }
    if (error instanceof APIConnectionError) {
      return new JokeWriterError('Could not connect to OpenAI', { retryable: true, cause: error });
    }
    if (error instanceof APIError) {
      const status = error.status ?? 'unknown';
      const code = error.code ?? error.type;
      const retryable = error.status === 429 || (error.status !== undefined && error.status >= 500);
      return new JokeWriterError(`OpenAI request failed with status ${status}${code ? ` (${code})` : ''}`, {
        retryable,
        cause: error,
      });
    }
    if (error instanceof LengthFinishReasonError) {
      return new JokeWriterError('OpenAI ran out of tokens before finishing the joke', { retryable: true, cause: error });
    }
    if (error instanceof ContentFilterFinishReasonError) {
      return new JokeWriterError("OpenAI's content filter stopped the joke", { retryable: false, cause: error });
    }
    // JSON.parse's SyntaxError or zod's error: the model answered, but not in the agreed shape.
    return new JokeWriterError('OpenAI returned a joke that could not be read', { retryable: true, cause: error });
  }
}
