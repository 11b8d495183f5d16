import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Moderation } from 'openai/resources/moderations';
import { SAFETY_CATEGORIES, type SafetyCategory } from '@jokes/domain';
import { ALLOWED, ContentSafety, ContentSafetyError, refused, type SafetyVerdict } from './content-safety.port.js';
import { OfflineContentSafety } from './offline/offline-content-safety.js';

export interface OpenAiContentSafetyOptions {
  apiKey: string;
  /** Any OpenAI-compatible server, as for the writer. */
  baseURL?: string;
  model?: string;
  timeoutMs?: number;
}

export const DEFAULT_MODERATION_MODEL = 'omni-moderation-latest';
export const DEFAULT_MODERATION_TIMEOUT_MS = 10_000;

type OpenAiCategory = keyof Moderation['categories'];

/**
 * OpenAI's categories that are ours. Left out on purpose, because an 18+
 * comedy product writes them: 'sexual' (sex between adults; sex about a real
 * person is the offline rule's, OpenAI has no such category), 'harassment'
 * (a roast), 'violence' and 'violence/graphic' (dark comedy), and plain
 * 'self-harm', which OpenAI also flags for jokes that only mention it: the
 * intent and instructions subcategories are the line.
 */
const OURS: Readonly<Record<SafetyCategory, readonly OpenAiCategory[]>> = {
  sexual_minors: ['sexual/minors'],
  sexual_real_person: [],
  hate: ['hate', 'hate/threatening'],
  self_harm: ['self-harm/intent', 'self-harm/instructions'],
  threat: ['harassment/threatening'],
  weapons_crime: ['illicit/violent', 'illicit'],
};

/**
 * Judges with OpenAI's moderation endpoint, after the offline moderator
 * (which answers first when it refuses, with no call, and alone knows real
 * people). Several categories flagged: the first in SAFETY_CATEGORIES'
 * order, the most serious first.
 *
 * It fails closed: when OpenAI cannot answer, the check rejects with a
 * ContentSafetyError (retryable for timeouts, rate limits and 5xx) rather than
 * letting an unjudged topic or joke through. The writer is OpenAI too, so an
 * outage stops generation either way.
 */
export class OpenAiContentSafety extends ContentSafety {
  readonly model: string;
  readonly moderatorName: string;
  private readonly timeoutMs: number;
  private readonly client: OpenAI;
  private readonly offline = new OfflineContentSafety();

  constructor({ apiKey, baseURL, model = DEFAULT_MODERATION_MODEL, timeoutMs = DEFAULT_MODERATION_TIMEOUT_MS }: OpenAiContentSafetyOptions) {
    super();
    this.model = model;
    this.moderatorName = `openai:${model}`;
    this.timeoutMs = timeoutMs;
    // One retry for a quick failure (a 5xx, a dropped connection); the deadline in moderate() bounds both tries.
    this.client = new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries: 1 });
  }

  async checkTopic(topic: string, signal?: AbortSignal): Promise<SafetyVerdict> {
    const offline = this.offline.topicVerdict(topic);
    return offline.allowed ? this.moderate(topic, signal) : offline;
  }

  async checkJoke(joke: string, signal?: AbortSignal): Promise<SafetyVerdict> {
    const offline = this.offline.jokeVerdict(joke);
    return offline.allowed ? this.moderate(joke, signal) : offline;
  }

  private async moderate(input: string, signal?: AbortSignal): Promise<SafetyVerdict> {
    // One deadline for the check, its retry included; being a signal, it is
    // recognised by its state rather than by whichever error fetch threw.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    let result: Moderation | undefined;
    try {
      const response = await this.client.moderations.create({ model: this.model, input }, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline });
      result = response.results?.[0];
    } catch (error) {
      throw deadline.aborted ? new ContentSafetyError(`OpenAI moderation timed out after ${this.timeoutMs} ms`, { retryable: true, cause: error }) : toSafetyError(error);
    }
    if (result?.categories === undefined) throw new ContentSafetyError('OpenAI returned a moderation that could not be read', { retryable: true });
    const flagged = SAFETY_CATEGORIES.find((category) => OURS[category].some((theirs) => result.categories[theirs] === true));
    return flagged === undefined ? ALLOWED : refused(flagged);
  }
}

/** A message safe to log: the status or the cause, never the key or the provider's text. */
function toSafetyError(error: unknown): ContentSafetyError {
  // Order matters: the timeout and abort errors are subclasses of the connection and API errors.
  if (error instanceof APIConnectionTimeoutError) return new ContentSafetyError('OpenAI moderation timed out', { retryable: true, cause: error });
  if (error instanceof APIUserAbortError) return new ContentSafetyError('The content check was cancelled', { retryable: false, cause: error });
  if (error instanceof APIConnectionError) return new ContentSafetyError('Could not connect to OpenAI moderation', { retryable: true, cause: error });
  if (error instanceof APIError) {
    const code = error.code ?? error.type;
    return new ContentSafetyError(`OpenAI moderation failed with status ${error.status ?? 'unknown'}${code ? ` (${code})` : ''}`, {
      retryable: error.status === 429 || (error.status !== undefined && error.status >= 500),
      cause: error,
    });
  }
  return new ContentSafetyError('OpenAI moderation failed', { retryable: true, cause: error });
}
