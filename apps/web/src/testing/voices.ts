import type { Voice } from '@jokes/contracts';
import { json, type FakeApi } from './fake-api';

export const MALE_VOICE: Voice = { id: 'alan', name: 'Alan', gender: 'male', description: 'A warm baritone' };
export const OTHER_MALE_VOICE: Voice = { id: 'kal', name: 'Kal', gender: 'male', description: 'Crisp and quick' };
export const FEMALE_VOICE: Voice = { id: 'slt', name: 'Sally', gender: 'female', description: 'Bright and clear' };
export const OTHER_FEMALE_VOICE: Voice = { id: 'clb', name: 'Carol', gender: 'female', description: 'Calm and low' };
export const VOICES: Voice[] = [MALE_VOICE, FEMALE_VOICE, OTHER_MALE_VOICE, OTHER_FEMALE_VOICE];

export const AUDIO_PATH = `/api/audio/${'a'.repeat(64)}.mp3`;

/**
 * The voice calls of a Pro user's server: the voices, the saved preference
 * (none unless given), speech at AUDIO_PATH and that file's HEAD.
 */
export function answerVoices(server: FakeApi, { preference = null as string | null } = {}): FakeApi {
  return server
    .on('GET /api/voices', () => json({ success: true, voices: VOICES, isPremium: true, requiresSubscription: false }))
    .on('GET /api/voice-preference', () => json({ success: true, voiceId: preference }))
    .on('POST /api/text-to-speech', () => json({ audioUrl: AUDIO_PATH }))
    .on(`HEAD ${AUDIO_PATH}`, () => new Response(null, { status: 200, headers: { 'content-type': 'audio/mpeg' } }));
}
