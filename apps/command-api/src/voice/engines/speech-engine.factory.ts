import type { SpendCeiling } from '../../spend/spend-ceiling.js';
import { FliteSpeechEngine } from './offline/flite-speech-engine.js';
import type { SpeechEngine } from './speech-engine.port.js';

/**
 * ElevenLabs when a key is configured, otherwise the offline engine, so the
 * product speaks with no account and no network (DESIGN.md decision 8).
 * Reads ELEVENLABS_API_KEY, ELEVENLABS_BASE_URL, ELEVENLABS_MODEL_ID and ELEVENLABS_OUTPUT_FORMAT.
 * Only ElevenLabs costs money, so only it takes its characters from the spend ceiling.
 * Its SDK is loaded only then: it alone is 49 MB of heap, in every process that has no key.
 */
export async function createSpeechEngine(env: NodeJS.ProcessEnv, spend?: SpendCeiling): Promise<SpeechEngine> {
  const apiKey = env.ELEVENLABS_API_KEY?.trim();
  if (!apiKey) return new FliteSpeechEngine();
  const { ElevenLabsSpeechEngine } = await import('./elevenlabs/elevenlabs-speech-engine.js');
  return new ElevenLabsSpeechEngine({
    apiKey,
    baseUrl: env.ELEVENLABS_BASE_URL?.trim() || undefined,
    modelId: env.ELEVENLABS_MODEL_ID?.trim() || undefined,
    outputFormat: env.ELEVENLABS_OUTPUT_FORMAT?.trim() || undefined,
    spend,
  });
}
