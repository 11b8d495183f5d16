import { describe, expect, it } from '@jest/globals';
import { createJokeWriter } from './joke-writer.factory.js';
import { OfflineJokeWriter } from './offline/offline-joke-writer.js';
import { OpenAiJokeWriter } from './openai-joke-writer.js';

describe('createJokeWriter', () => {
  it('writes offline when no OpenAI key is configured', () => {
    expect(createJokeWriter({})).toBeInstanceOf(OfflineJokeWriter);
    expect(createJokeWriter({ OPENAI_API_KEY: '   ' })).toBeInstanceOf(OfflineJokeWriter);
  });

  it('uses OpenAI with the default model when a key is configured', () => {
    const writer = createJokeWriter({ OPENAI_API_KEY: 'sk-test' });
    expect(writer).toBeInstanceOf(OpenAiJokeWriter);
    expect((writer as OpenAiJokeWriter).writerName).toBe('openai:gpt-4o-mini');
  });

  it('reads the model, base URL and timeout', () => {
    const writer = createJokeWriter({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-4.1-nano',
      OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
      OPENAI_TIMEOUT_MS: '5000',
    });
    expect((writer as OpenAiJokeWriter).writerName).toBe('openai:gpt-4.1-nano');
  });

  it('refuses a timeout that is not a positive whole number', () => {
    expect(() => createJokeWriter({ OPENAI_API_KEY: 'sk-test', OPENAI_TIMEOUT_MS: '20s' })).toThrow(/OPENAI_TIMEOUT_MS/);
  });

  it('refuses a learning refresh that is not a positive whole number of milliseconds', () => {
    expect(() => createJokeWriter({ LEARNING_REFRESH_MS: '2s' })).toThrow(/LEARNING_REFRESH_MS/);
    expect(createJokeWriter({ LEARNING_REFRESH_MS: '500' })).toBeInstanceOf(OfflineJokeWriter);
  });
});
