import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { appUser } from '../accounts/accounts.contract.js';
import { position } from '../jokes/joke.schema.js';
import { contentRefusedBody, requiresPremiumBody } from '../jokes/generate-joke.contract.js';
import { text } from '../text.schema.js';

// Voice narration (SPEC section 7). The engine that speaks lives on the command
// side with the audio it made, so the voice list, narration and the audio files
// are answered there; the saved preference is a read model on the query side.

export const VOICE_GENDERS = ['male', 'female'] as const;
export const voiceGender = z.enum(VOICE_GENDERS);
export type VoiceGender = z.infer<typeof voiceGender>;

/** A voice as the list shows it (SPEC section 3). */
export const voice = z.object({
  id: z.string(),
  name: z.string(),
  gender: voiceGender,
  description: z.string(),
});
export type Voice = z.infer<typeof voice>;

/** A long joke fits with room to spare; the engine's time and the cache grow with it. */
export const SPEECH_TEXT_MAX_LENGTH = 1500;

const voiceOwnerQuery = z.object({ userId: text().min(1, 'userId is required') });

/** The engine's voices; login required, `userId` must be the caller (403 otherwise). */
export const listVoices = defineContract({
  name: 'listVoices',
  method: 'GET',
  path: '/api/voices',
  side: 'command',
  query: voiceOwnerQuery,
  response: z.object({
    success: z.literal(true),
    voices: z.array(voice),
    /** The caller is Pro. */
    isPremium: z.boolean(),
    /** Narration needs a subscription the caller does not have: `!isPremium`. */
    requiresSubscription: z.boolean(),
  }),
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 502: errorBody },
});
export type ListVoicesResponse = z.infer<typeof listVoices.response>;

export const getVoicePreference = defineContract({
  name: 'getVoicePreference',
  method: 'GET',
  path: '/api/voice-preference',
  side: 'query',
  reads: ['users'],
  query: voiceOwnerQuery,
  response: z.object({ success: z.literal(true), voiceId: z.string().nullable() }),
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});
export type VoicePreferenceResponse = z.infer<typeof getVoicePreference.response>;

export const saveVoicePreferenceRequest = z.object({
  voiceId: text().min(1, 'Please select a voice before saving.').max(200),
  userId: text().min(1, 'userId is required'),
});
export type SaveVoicePreferenceRequest = z.input<typeof saveVoicePreferenceRequest>;

/** `ChangeVoice`; Pro only (403 `requiresPremium`), an unknown voice 400. `user` is as sync-user returns it. */
export const saveVoicePreference = defineContract({
  name: 'saveVoicePreference',
  method: 'POST',
  path: '/api/save-voice-preference',
  side: 'command',
  body: saveVoicePreferenceRequest,
  response: z.object({ success: z.literal(true), voiceId: z.string(), user: appUser.extend({ position }) }),
  // 400: a malformed body, or `{ error: 'Unknown voice', message }` for a voice the engine does not offer.
  errors: { 400: z.union([validationErrorBody, errorBody]), 401: errorBody, 403: z.union([requiresPremiumBody, errorBody]) },
});
export type SaveVoicePreferenceResponse = z.infer<typeof saveVoicePreference.response>;

export const textToSpeechRequest = z.object({
  text: text()
    .trim()
    .min(1, 'Nothing to read aloud')
    .max(SPEECH_TEXT_MAX_LENGTH, `Keep the text under ${SPEECH_TEXT_MAX_LENGTH} characters`),
  voiceId: text().min(1, 'No voice selected').max(200),
  userId: text().min(1, 'userId is required'),
});
export type TextToSpeechRequest = z.input<typeof textToSpeechRequest>;

/**
 * SPEC 7: the voice preview reads this fixed sample sentence. The server knows
 * it too: a preview is made once per voice and never counts against the daily
 * narration quota, so the voice page keeps working when the quota is used up.
 */
export const VOICE_SAMPLE_TEXT = 'Hi! This is how your jokes will sound when I read them aloud.';

/** The failure SPEC section 8 shows: `{ error: 'Failed to generate speech', message }` with 502. */
export const SPEECH_FAILED = 'Failed to generate speech';

/** `audioUrl` is a path on the product's origin: `/api/audio/{sha256}.mp3` (or `.ogg`). Pro only. */
export const textToSpeech = defineContract({
  name: 'textToSpeech',
  method: 'POST',
  path: '/api/text-to-speech',
  side: 'command',
  body: textToSpeechRequest,
  response: z.object({ audioUrl: z.string() }),
  // 410: the text is a withdrawn joke's; 422: the moderator refused the text (as it refuses a joke);
  // 429: the caller's daily narration quota; 503: the spend ceiling of a paid engine (both with Retry-After).
  errors: { 400: z.union([validationErrorBody, errorBody]), 401: errorBody, 403: z.union([requiresPremiumBody, errorBody]), 410: errorBody, 422: contentRefusedBody, 429: errorBody, 502: errorBody, 503: errorBody },
});
export type TextToSpeechResponse = z.infer<typeof textToSpeech.response>;

/** `{sha256 of engine, voice and text}.{mp3|ogg}`: anything else is an unknown file (404). */
export const AUDIO_FILE_NAME = /^[0-9a-f]{64}\.(mp3|ogg)$/;

/**
 * The audio bytes (GET and HEAD), with `content-type`, `content-length`,
 * `accept-ranges: bytes`, 206 for a `Range`, 416 for an unsatisfiable one,
 * 404 for an unknown file, and an immutable cache header (the name is a
 * content hash). No session needed: the name is an unguessable hash.
 */
export const getAudio = defineContract({
  name: 'getAudio',
  method: 'GET',
  path: '/api/audio/:file',
  side: 'command',
  response: z.unknown(),
  errors: { 404: errorBody, 416: errorBody },
});
