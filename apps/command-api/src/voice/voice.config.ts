import { join } from 'node:path';

export interface VoiceConfig {
  /** `$DATA_DIR/audio`. */
  audioDir: string;
  /** AUDIO_CACHE_MAX_MB (default 200) in bytes. */
  audioCacheMaxBytes: number;
  /** SPEECH_TIMEOUT_MS (default 30000): how long one synthesis may take before the answer is a 502. */
  speechTimeoutMs: number;
}

export function readVoiceConfig(env: NodeJS.ProcessEnv): VoiceConfig {
  return {
    audioDir: join(env.DATA_DIR || '.data', 'audio'),
    audioCacheMaxBytes: positive(env, 'AUDIO_CACHE_MAX_MB', 200) * 1024 * 1024,
    speechTimeoutMs: positive(env, 'SPEECH_TIMEOUT_MS', 30_000),
  };
}

// Fails at startup rather than silently falling back: a typo would otherwise show up as an odd cache or odd timeouts.
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}
