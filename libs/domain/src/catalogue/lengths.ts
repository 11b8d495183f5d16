import type { Tier } from './manners.js';

export type JokeLength = 'one-liner' | 'short' | 'medium' | 'long';

export interface LengthSpec {
  readonly value: JokeLength;
  readonly label: string;
  /** The sentence count as the selector shows it, e.g. '2-3 sentences'. */
  readonly description: string;
  readonly minSentences: number;
  readonly maxSentences: number;
  readonly tier: Tier;
}

// A Record rather than a list, so adding a JokeLength without its spec fails to compile.
const SPECS: Readonly<Record<JokeLength, LengthSpec>> = {
  'one-liner': { value: 'one-liner', label: 'One-liner', description: '1 sentence', minSentences: 1, maxSentences: 1, tier: 'premium' },
  short: { value: 'short', label: 'Short', description: '2-3 sentences', minSentences: 2, maxSentences: 3, tier: 'free' },
  medium: { value: 'medium', label: 'Medium', description: '4-6 sentences', minSentences: 4, maxSentences: 6, tier: 'premium' },
  long: { value: 'long', label: 'Long', description: '8-10 sentences', minSentences: 8, maxSentences: 10, tier: 'premium' },
};

/** In the order the selector lists them, shortest first. */
export const LENGTHS: readonly LengthSpec[] = [SPECS['one-liner'], SPECS.short, SPECS.medium, SPECS.long];

/** SPEC section 3: a joke's length defaults to short, the only free length. */
export const DEFAULT_LENGTH: JokeLength = 'short';

export function lengthSpec(length: JokeLength): LengthSpec {
  return SPECS[length];
}

/**
 * A generous sentence: a joke may hold this many characters per sentence its
 * length allows, so the longest joke (10 sentences, 1,500 characters) is still
 * short enough to be read aloud (SPEECH_TEXT_MAX_LENGTH).
 */
export const MAX_CHARACTERS_PER_SENTENCE = 150;

/** The most characters a joke of this length may have. */
export function maxJokeCharacters(length: JokeLength): number {
  return SPECS[length].maxSentences * MAX_CHARACTERS_PER_SENTENCE;
}

export function isJokeLength(value: unknown): value is JokeLength {
  return typeof value === 'string' && Object.hasOwn(SPECS, value);
}
