import { collapseRepeats, SENTENCE_END, type NormalizedText } from './normalize-text.js';

/** A chunk is a few letters: 'ki ll my se lf', 'sui cide', 'as sass inate'. */
const MAX_CHUNK = 6;
const MAX_CHUNKS = 4;

/**
 * Short everyday words that are never the piece of a chunked word: two of them
 * side by side stay two words ('my pen is' is not rejoined). Collapsed as the
 * normaliser reads them.
 */
const COMMON = new Set(
  `a an the my your his her its our their me him them us i you he she we they it is are was were be been am do does did to of in on at
  by for with from up out off over as or and but if so not no yes all any some one two this that these those what who how why when
  where which can will would should could may might must has have had get got go went let make made see say said new old big good
  bad man men day way there here then than too very just now also back only well pen car cat dog hat bat hot top tip lap pet art
  ten war win age end ever even ask try use run far few own put set sit cut let yet`
    .split(/\s+/)
    .map(collapseRepeats),
);

/**
 * Another reading of a topic whose words were cut into pieces to slip past
 * word lists: neighbouring chunks that make a word the rules know are joined
 * ('as sass inate the pre sident'), and a word spelled one letter at a time
 * is split into the words it runs together ('n a k e d k i d s'). Undefined
 * when there is nothing to rejoin, so most topics cost nothing more.
 */
export function rejoinChunks(text: NormalizedText, knows: (word: string) => boolean): NormalizedText | undefined {
  const words: (readonly string[])[] = [];
  const plain: string[] = [];
  let changed = false;
  const push = (word: string) => {
    words.push([word]);
    plain.push(word);
  };
  for (let index = 0; index < text.words.length; index++) {
    const word = text.words[index]![0]!;
    if (text.spelled[index] && !knows(word)) {
      // Split as typed: once doubled letters count once, 'shoot the' has become 'shothe'.
      const pieces = segment(text.plain[index]!, knows);
      if (pieces) {
        pieces.forEach(push);
        changed = true;
        continue;
      }
    }
    const joined = joinAt(text, index, knows);
    if (joined) {
      push(joined.word);
      index += joined.count - 1;
      changed = true;
      continue;
    }
    words.push(text.words[index]!);
    plain.push(text.plain[index]!);
  }
  return changed ? { words, plain, spelled: words.map(() => false) } : undefined;
}

/** The longest run of chunks from `index` that makes a known word, unless every chunk is a word already. */
function joinAt({ words }: NormalizedText, index: number, knows: (word: string) => boolean): { word: string; count: number } | undefined {
  for (let count = Math.min(MAX_CHUNKS, words.length - index); count >= 2; count--) {
    const chunks = words.slice(index, index + count).map((readings) => readings[0]!);
    if (chunks.some((chunk) => chunk === SENTENCE_END || chunk.length > MAX_CHUNK)) continue;
    // Words already, each of them ('sex life', 'my pen is'): not chunks of one.
    if (chunks.every((chunk) => COMMON.has(chunk) || knows(chunk))) continue;
    const word = collapseRepeats(chunks.join(''));
    if (knows(word)) return { word, count };
  }
  return undefined;
}

/** Splits 'nakedkids' into known or common words (as the normaliser reads them), the fewest pieces first; undefined when it cannot be read whole. */
function segment(word: string, knows: (word: string) => boolean): string[] | undefined {
  const isWord = (piece: string) => COMMON.has(piece) || knows(piece);
  // best[end]: the fewest pieces that read word[0, end).
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    for (let start = 0; start < end; start++) {
      const before = best[start];
      const piece = collapseRepeats(word.slice(start, end));
      if (before === undefined || !isWord(piece)) continue;
      if (best[end] === undefined || before.length + 1 < best[end]!.length) best[end] = [...before, piece];
    }
  }
  const pieces = best[word.length];
  return pieces && pieces.length > 1 ? pieces : undefined;
}
