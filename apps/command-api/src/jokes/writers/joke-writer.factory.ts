import type pg from 'pg';
import type { SpendCeiling } from '../../spend/spend-ceiling.js';
import type { ContentSafety } from '../safety/content-safety.port.js';
import type { JokeWriter } from './joke-writer.port.js';
import { CachedFormPreferences } from './offline/learning/form-preferences.js';
import { OfflineJokeWriter } from './offline/offline-joke-writer.js';
import { OpenAiJokeWriter } from './openai-joke-writer.js';
import { CachedStyleExamples } from './style-examples.js';

/** Where the writers learn from what the audience rated: the read models, and the joke check for examples. */
export interface WriterLearning {
  pool: Pick<pg.Pool, 'query'>;
  safety: Pick<ContentSafety, 'checkJoke'>;
  onError?: (error: unknown) => void;
}

/**
 * OpenAI when a key is configured, otherwise the offline writer, so the
 * product works with no account and no network (DESIGN.md decision 8).
 * Reads OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL and OPENAI_TIMEOUT_MS.
 * Only OpenAI costs money, so only it takes its calls from the spend ceiling.
 * With `learning`, the offline writer chooses its forms by the ratings
 * (LEARNING_REFRESH_MS) and OpenAI's prompt carries the style's best jokes.
 */
export function createJokeWriter(env: NodeJS.ProcessEnv, spend?: SpendCeiling, learning?: WriterLearning): JokeWriter {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) {
    const refreshMs = parseMilliseconds('LEARNING_REFRESH_MS', env.LEARNING_REFRESH_MS);
    return new OfflineJokeWriter({ preferences: learning && new CachedFormPreferences(learning.pool, { refreshMs, onError: learning.onError }) });
  }
  return new OpenAiJokeWriter({
    apiKey,
    baseURL: env.OPENAI_BASE_URL?.trim() || undefined,
    model: env.OPENAI_MODEL?.trim() || undefined,
    timeoutMs: parseMilliseconds('OPENAI_TIMEOUT_MS', env.OPENAI_TIMEOUT_MS),
    spend,
    examples: learning && new CachedStyleExamples(learning.pool, learning.safety, { onError: learning.onError }),
  });
}

// Fails at startup rather than silently falling back: a typo here would otherwise show up as odd timeouts.
function parseMilliseconds(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const milliseconds = Number(raw);
  if (!Number.isInteger(milliseconds) || milliseconds <= 0) {
    throw new Error(`${name} must be a positive whole number of milliseconds, got "${raw}"`);
  }
  return milliseconds;
}
