/**
 * The building blocks of one comedic manner. Every fragment is one sentence,
 * and any setup, any beats in any order, any punchline and any tag must read
 * as one joke: that is what lets the composer mix them freely. Rules that keep
 * a fragment grammatical for any topic ('my cat', 'airline food', 'dating apps'):
 * - never put an article or possessive before {topic} (it may bring its own);
 * - never make {topic} the subject of a present-tense verb ('is', 'has',
 *   'makes'): singular or plural is unknown, so use a modal ('can', 'will')
 *   or the past tense ('ruined'), or keep {topic} as an object;
 * - no full stop, question mark or exclamation mark inside a sentence, and
 *   no abbreviations ('Dr') or ellipses, so sentence counts stay exact.
 */
export interface MannerTemplates {
  /** Opens the joke; names the topic. */
  readonly setups: readonly string[];
  /** Middle sentences: long jokes use up to seven, so keep at least that many. */
  readonly beats: readonly string[];
  readonly punchlines: readonly string[];
  /** A last laugh after the punchline, for jokes of four sentences or more. */
  readonly tags: readonly string[];
  /** A one-liner is `${lead}, ${twist}`; every lead fits every twist. Leads name the topic. */
  readonly oneLinerLeads: readonly string[];
  /** Each ends with its own punctuation. */
  readonly oneLinerTwists: readonly string[];
}
