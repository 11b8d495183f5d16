import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ContentFilterFinishReasonError, LengthFinishReasonError } from 'openai/error';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { TOPIC_MAX_LENGTH } from '@jokes/contracts';
import type { SpendCeiling } from '../../spend/spend-ceiling.js';
import { fitJokeToLength, fitTopic } from './joke-fitting.js';
import { JokeWriter, JokeWriterError, type JokeRequest, type WrittenJoke } from './joke-writer.port.js';
import { jokeSystemPrompt, jokeUserPrompt, maxTokensFor } from './openai-joke-prompt.js';
import type { StyleExamples } from './style-examples.js';

export interface OpenAiJokeWriterOptions {
  apiKey: string;
  /** Any OpenAI-compatible server, e.g. a local model or a test double. */
  baseURL?: string;
  model?: string;
  timeoutMs?: number;
  /** Counts every call to the model, retries included; none means uncounted (tests of the adapter alone). */
  spend?: Pick<SpendCeiling, 'take'>;
  /** A few of the style's best-received jokes for the prompt; none without it. */
  examples?: StyleExamples;
}

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_TIMEOUT_MS = 20_000;

/** One call and at most one retry per write: the web does not resend a failed write, so a press costs two calls at most. */
const MAX_CALLS_PER_WRITE = 2;
/** The pause before the retry when the provider names none. */
const DEFAULT_RETRY_DELAY_MS = 500;

const writtenJoke = z.object({ topic: z.string(), joke: z.string() });
type Answer = z.infer<typeof writtenJoke>;

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
  private readonly spend: OpenAiJokeWriterOptions['spend'];
  private readonly examples: StyleExamples | undefined;

  constructor({ apiKey, baseURL, model = DEFAULT_OPENAI_MODEL, timeoutMs = DEFAULT_OPENAI_TIMEOUT_MS, spend, examples }: OpenAiJokeWriterOptions) {
    super();
    this.examples = examples;
    this.model = model;
    this.writerName = `openai:${model}`;
    this.timeoutMs = timeoutMs;
    this.spend = spend;
    // The SDK does not retry: write() does, once, after taking the retry from the spend ceiling too.
    this.client = new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries: 0 });
  }

  async write(request: JokeRequest, signal?: AbortSignal): Promise<WrittenJoke> {
    // One deadline for the whole write, the retry included: it is the longest a
    // user waits on the Generate button. Being a signal, it is also recognised
    // by its state rather than by the shape of whatever error fetch threw.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const giveUpAt = Date.now() + this.timeoutMs;
    // Read once per write (briefly cached, bounded wait), so a retry asks the same.
    const examples = (await this.examples?.of(request.comedian.name)) ?? [];
    let answer: Answer | null | undefined;
    for (let call = 1; answer === undefined; call++) {
      await this.spend?.take('model-calls', 1, request.payer ?? 'free');
      try {
        answer = await this.ask(request, examples, stop);
      } catch (error) {
        const delay = call < MAX_CALLS_PER_WRITE ? retryDelayMs(error) : undefined;
        // A retry that could not finish before the deadline would only cost a call.
        if (delay === undefined || Date.now() + delay >= giveUpAt || stop.aborted) throw this.toWriterError(error, deadline);
        await sleep(delay, undefined, { signal: stop }).catch(() => undefined);
        if (stop.aborted) throw this.toWriterError(error, deadline);
      }
    }

    if (!answer?.joke.trim()) throw new JokeWriterError('OpenAI returned an empty joke', { retryable: true });
    // max_tokens bounds what is paid for, not what a joke may hold: cut to the length, as plain text.
    const content = fitJokeToLength(answer.joke, request.length);
    if (content === undefined) throw new JokeWriterError('OpenAI returned a joke with no sentence that fits its length', { retryable: false });

    const requestedTopic = request.topic.trim();
    const suggestedTopic = fitTopic(answer.topic, TOPIC_MAX_LENGTH);
    // The user's topic stands as typed; the model's only fills an empty one.
    const topicSuggested = requestedTopic === '';
    const topic = topicSuggested ? suggestedTopic : requestedTopic;
    if (topic === '') throw new JokeWriterError('OpenAI did not say what the joke is about', { retryable: true });

    return { content, topic, topicSuggested, writer: this.writerName };
  }

  /** One call to the model: its parsed answer, or null when it refused (thrown as a JokeWriterError). */
  private async ask(request: JokeRequest, examples: readonly string[], signal: AbortSignal): Promise<Answer | null> {
    const completion = await this.client.chat.completions.parse(
      {
        model: this.model,
        messages: [
          { role: 'system', content: jokeSystemPrompt(request, examples) },
          { role: 'user', content: jokeUserPrompt(request) },
        ],
        response_format: zodResponseFormat(writtenJoke, 'joke'),
        max_tokens: maxTokensFor(request.length),
      },
      { signal },
    );
    const message = completion.choices[0]?.message;
    if (message?.refusal) throw new JokeWriterError('OpenAI refused to write this joke', { retryable: false });
    return message?.parsed ?? null;
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

/**
 * How long to wait before the one retry, or undefined for a failure a retry
 * would not mend: the ones the SDK itself retries (a dropped connection, 408,
 * 409, 429, 5xx), after the provider's retry-after-ms or retry-after when given.
 */
function retryDelayMs(error: unknown): number | undefined {
  if (error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) return undefined;
  if (error instanceof APIConnectionError) return DEFAULT_RETRY_DELAY_MS;
  if (!(error instanceof APIError) || error.status === undefined) return undefined;
  if (!(error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500)) return undefined;
  const milliseconds = Number(error.headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const seconds = Number(error.headers?.get('retry-after') ?? Number.NaN);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  return DEFAULT_RETRY_DELAY_MS;
}
