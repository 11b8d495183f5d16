import type { ContentSafety } from './content-safety.port.js';
import { OfflineContentSafety } from './offline/offline-content-safety.js';
import { OpenAiContentSafety } from './openai-content-safety.js';

/**
 * OpenAI's moderation when a key is configured, as the writer does,
 * otherwise the offline moderator, so the product is guarded with no account
 * and no network. Reads OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODERATION_MODEL.
 */
export function createContentSafety(env: NodeJS.ProcessEnv): ContentSafety {
  const apiKey = env.OPENAI_API_KEY?.trim();
  if (!apiKey) return new OfflineContentSafety();
  return new OpenAiContentSafety({
    apiKey,
    baseURL: env.OPENAI_BASE_URL?.trim() || undefined,
    model: env.OPENAI_MODERATION_MODEL?.trim() || undefined,
  });
}
