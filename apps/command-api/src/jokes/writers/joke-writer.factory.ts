import type { SpendCeiling } from '../../spend/spend-ceiling.js';
import type { JokeWriter } from './joke-writer.port.js';
import { OfflineJokeWriter } from './offline/offline-joke-writer.js';
import { OpenAiJokeWriter } from './openai-joke-writer.js';

/**
 * OpenAI when a key is configured, otherwise the offline writer, so the
 * product works with no account and no network (DESIGN.md decision 8).
 * Reads OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL and OPENAI_TIMEOUT_MS.
 * Only OpenAI costs money, so only it takes its calls from the spend ceiling.
 */
export function createJokeWriter(env: NodeJS.ProcessEnv, spend?: SpendCeiling): JokeWriter {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return new OfflineJokeWriter();
  return new OpenAiJokeWriter({
    apiKey,
    baseURL: env.OPENAI_BASE_URL?.trim() || undefined,
    model: env.OPENAI_MODEL?.trim() || undefined,
    timeoutMs: parseTimeout(env.OPENAI_TIMEOUT_MS),
    spend,
  });
}

// Fails at startup rather than silently falling back: a typo here would otherwise show up as odd timeouts.
function parseTimeout(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const timeoutMs = Number(raw);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`OPENAI_TIMEOUT_MS must be a positive whole number of milliseconds, got "${raw}"`);
  }
  return timeoutMs;
}
