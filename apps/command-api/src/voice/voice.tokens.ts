/** The injection token of the VoiceConfig. */
export const VOICE_CONFIG = Symbol('VOICE_CONFIG');
