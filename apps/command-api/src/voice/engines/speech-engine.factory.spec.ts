import { describe, expect, it } from '@jest/globals';
import { ElevenLabsSpeechEngine } from './elevenlabs/elevenlabs-speech-engine.js';
import { FliteSpeechEngine } from './offline/flite-speech-engine.js';
import { createSpeechEngine } from './speech-engine.factory.js';

describe('createSpeechEngine', () => {
  it('speaks offline without an ElevenLabs key (or with a blank one)', async () => {
    expect(await createSpeechEngine({})).toBeInstanceOf(FliteSpeechEngine);
    expect(await createSpeechEngine({ ELEVENLABS_API_KEY: '  ' })).toBeInstanceOf(FliteSpeechEngine);
  });

  it('uses ElevenLabs with a key, with the configured model and format', async () => {
    const engine = await createSpeechEngine({ ELEVENLABS_API_KEY: 'xi-key', ELEVENLABS_MODEL_ID: 'eleven_flash_v2_5', ELEVENLABS_OUTPUT_FORMAT: 'mp3_22050_32' });
    expect(engine).toBeInstanceOf(ElevenLabsSpeechEngine);
    expect(engine.id).toBe('elevenlabs:eleven_flash_v2_5:mp3_22050_32');
  });

  it('defaults to eleven_multilingual_v2 at mp3_44100_64', async () => {
    expect((await createSpeechEngine({ ELEVENLABS_API_KEY: 'xi-key' })).id).toBe('elevenlabs:eleven_multilingual_v2:mp3_44100_64');
  });
});
