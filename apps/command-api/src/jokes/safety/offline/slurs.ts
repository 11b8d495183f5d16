import { DataSet, englishDataset, englishRecommendedTransformers, pattern, RegExpMatcher } from 'obscenity';

/**
 * Slurs against protected groups, matched by obscenity: its English dataset
 * already spells them the many ways people type them, and its transformers
 * undo look-alikes and leetspeak. Only the slurs are kept: the rest of the
 * dataset is profanity and sex words, which an 18+ product allows.
 * 'negro' (a Spanish word, the Negro Leagues), 'dyke' (reclaimed) and 'fag'
 * (a cigarette in British English) are left out; 'faggot' is added.
 */
const SLURS_FROM_DATASET = new Set(['abo', 'abeed', 'africoon', 'arabush', 'boonga', 'chingchong', 'chink', 'kike', 'nigger', 'retard', 'spastic', 'tranny']);

const dataset = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => !SLURS_FROM_DATASET.has(phrase.metadata?.originalWord ?? ''))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'faggot' }).addPattern(pattern`|fag[g]ot`).addPattern(pattern`|fagot`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'spic' }).addPattern(pattern`|spic|`).addPattern(pattern`|spics|`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'wetback' }).addPattern(pattern`wetback`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'beaner' }).addPattern(pattern`|beaner`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'gook' }).addPattern(pattern`|gook|`).addPattern(pattern`|gooks|`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'raghead' }).addPattern(pattern`raghead`).addPattern(pattern`towelhead`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'kyke' }).addPattern(pattern`|kyke`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'coon' }).addPattern(pattern`|coon|`).addPattern(pattern`|coons|`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'paki' }).addPattern(pattern`|paki|`).addPattern(pattern`|pakis|`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: 'shemale' }).addPattern(pattern`shemale`));

const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

// Matching word by word, each word once: a joke repeats its words and the
// next joke uses most of them again, so nearly every word is already known.
// (Over a whole 600-character joke the matcher takes about 0.2 ms.)
const known = new Map<string, boolean>();
const MAX_KNOWN = 50_000;

/** True when one of the words (the normaliser's plain readings) is a slur. */
export function hasSlur(words: readonly string[]): boolean {
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    let slur = known.get(word);
    if (slur === undefined) {
      if (known.size >= MAX_KNOWN) known.clear();
      slur = matcher.hasMatch(word);
      known.set(word, slur);
    }
    // 'a chink in the armor': obscenity's whitelist reads two words, a word alone cannot.
    if (slur && !(CHINK.has(word) && words[index + 1] === 'in')) return true;
  }
  return false;
}

const CHINK = new Set(['chink', 'chinks']);
