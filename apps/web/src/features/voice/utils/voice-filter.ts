import type { Voice, VoiceGender } from '@jokes/contracts';

/** SPEC 2 '/voice-settings': the gender filter's three choices. */
export type GenderFilterValue = 'all' | VoiceGender;

export const GENDER_FILTER_OPTIONS: ReadonlyArray<{ value: GenderFilterValue; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

export function filterVoices(voices: readonly Voice[], gender: GenderFilterValue): Voice[] {
  return gender === 'all' ? [...voices] : voices.filter((voice) => voice.gender === gender);
}
