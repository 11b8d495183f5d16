import { describe, expect, it } from '@jest/globals';
import { createContentSafety } from './content-safety.factory.js';
import { OfflineContentSafety } from './offline/offline-content-safety.js';
import { OpenAiContentSafety } from './openai-content-safety.js';

describe('createContentSafety', () => {
  it('moderates offline when no OpenAI key is configured', () => {
    expect(createContentSafety({})).toBeInstanceOf(OfflineContentSafety);
    expect(createContentSafety({ OPENAI_API_KEY: '  ' }).moderatorName).toBe('offline');
  });

  it("uses OpenAI's omni-moderation-latest when a key is configured", () => {
    const safety = createContentSafety({ OPENAI_API_KEY: 'sk-test' });
    expect(safety).toBeInstanceOf(OpenAiContentSafety);
    expect(safety.moderatorName).toBe('openai:omni-moderation-latest');
  });

  it('reads the moderation model from OPENAI_MODERATION_MODEL', () => {
    const safety = createContentSafety({ OPENAI_API_KEY: 'sk-test', OPENAI_MODERATION_MODEL: 'text-moderation-stable', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' });
    expect(safety.moderatorName).toBe('openai:text-moderation-stable');
  });
});
