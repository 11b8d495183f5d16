import { CRIME_PHRASES } from './crime.lexicon.js';
import { HATE_PHRASES } from './hate.lexicon.js';
import { INJECTION_PHRASES } from './injection.lexicon.js';
import { MINOR_PHRASES } from './minors.lexicon.js';
import { REAL_PEOPLE_PHRASES } from './real-people.lexicon.js';
import { SELF_HARM_PHRASES } from './self-harm.lexicon.js';
import { SEXUAL_PHRASES } from './sexual.lexicon.js';
import { VIOLENCE_PHRASES } from './violence.lexicon.js';

/** Every kind of phrase the rules look for, in one index (one pass over the text). */
export const PHRASES = {
  ...MINOR_PHRASES,
  ...SEXUAL_PHRASES,
  ...REAL_PEOPLE_PHRASES,
  ...HATE_PHRASES,
  ...VIOLENCE_PHRASES,
  ...SELF_HARM_PHRASES,
  ...CRIME_PHRASES,
  ...INJECTION_PHRASES,
};

export type PhraseKind = keyof typeof PHRASES;
