import { describe, expect, it } from '@jest/globals';
import { matchContract } from '../registry.js';
import { AUDIO_FILE_NAME, SPEECH_TEXT_MAX_LENGTH, saveVoicePreferenceRequest, textToSpeechRequest } from './voice.contract.js';

describe('textToSpeechRequest', () => {
  const request = (text: string) => textToSpeechRequest.safeParse({ text, voiceId: 'flite-slt', userId: 'u-1' });

  it('takes a long joke up to the limit, trimmed', () => {
    expect(request(` ${'a'.repeat(SPEECH_TEXT_MAX_LENGTH)} `)).toMatchObject({ success: true });
  });

  it('refuses text past the limit, blank text and control characters', () => {
    expect(request('a'.repeat(SPEECH_TEXT_MAX_LENGTH + 1)).success).toBe(false);
    expect(request('   ').success).toBe(false);
    expect(request('knock\u0000knock').success).toBe(false);
  });
});

describe('saveVoicePreferenceRequest', () => {
  it('asks for a voice in the words of the voice page', () => {
    const result = saveVoicePreferenceRequest.safeParse({ voiceId: '', userId: 'u-1' });
    expect(result.error?.issues[0]?.message).toBe('Please select a voice before saving.');
  });
});

describe('voice routes', () => {
  it('sends narration, the voice list and the audio to the command side and the saved voice to the query side', () => {
    expect(matchContract('GET', '/api/voices')?.contract.side).toBe('command');
    expect(matchContract('POST', '/api/text-to-speech')?.contract.side).toBe('command');
    expect(matchContract('POST', '/api/save-voice-preference')?.contract.side).toBe('command');
    expect(matchContract('GET', '/api/voice-preference')?.contract.side).toBe('query');
    expect(matchContract('HEAD', `/api/audio/${'a'.repeat(64)}.mp3`)).toMatchObject({ contract: { name: 'getAudio' }, params: { file: `${'a'.repeat(64)}.mp3` } });
  });

  it('names audio files by a sha256 and an audio extension only', () => {
    expect(AUDIO_FILE_NAME.test(`${'0f'.repeat(32)}.mp3`)).toBe(true);
    expect(AUDIO_FILE_NAME.test(`${'0f'.repeat(32)}.ogg`)).toBe(true);
    expect(AUDIO_FILE_NAME.test(`${'0f'.repeat(32)}.wav`)).toBe(false);
    expect(AUDIO_FILE_NAME.test('../x.mp3')).toBe(false);
  });
});
