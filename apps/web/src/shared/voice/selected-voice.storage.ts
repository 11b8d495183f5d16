/** SPEC 3 browser storage: the voice kept on this device. */
export const SELECTED_VOICE_KEY = 'selectedVoiceId';

/** The voice kept in this browser, or null (none, or storage unavailable). */
export function readSelectedVoiceId(): string | null {
  try {
    const value = localStorage.getItem(SELECTED_VOICE_KEY);
    return value === null || value === '' ? null : value;
  } catch {
    return null;
  }
}

/** Keeps the voice in this browser; false when storage refuses (private mode, quota). */
export function keepSelectedVoiceId(voiceId: string): boolean {
  try {
    localStorage.setItem(SELECTED_VOICE_KEY, voiceId);
    return true;
  } catch {
    return false;
  }
}
