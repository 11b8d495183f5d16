import { isHexIdentifier } from './identifiers.js';

/**
 * Undoes the usual ways of spelling a word so a filter misses it, so the rules
 * can be written once in plain lower-case English:
 * - Unicode: compatibility forms (fullwidth, circled, mathematical letters)
 *   and accents are decomposed (NFKD) and the marks dropped; invisible
 *   format characters (zero-width space and joiner, soft hyphen) are removed;
 *   Cyrillic and Greek look-alikes become the Latin letters they imitate;
 * - case;
 * - punctuation inside a word ('k.i.l.l', 's-e-x-y', 'n*gger'): removed;
 * - leetspeak: '$', '@', '!' before a letter, digits mixed into a word
 *   ('k1ll', '53xy', and '1' as 'l' too: '1ynch'); a number with a unit
 *   ('12yo', 'ar15') keeps its digits as a second reading;
 * - small capitals and a few IPA and Armenian letters as the Latin ones;
 * - spacing: a run of three or more single letters is one word ('k i l l'),
 *   marked as spelled out so rejoin-chunks.ts may split it into words
 *   ('n a k e d k i d s');
 * - a lone '2' or '4' may be 'to' or 'for'/'a' ('how 2 make 4 bomb');
 * - stretching: repeated letters count once ('kiiiill' reads as 'kil', and
 *   so does 'kill': the rules' phrases go through the same function);
 * - a code (a hash, a UUID: identifiers.ts) is no words and has no reading.
 */
export interface NormalizedText {
  /** Per word, its readings: one, or more when a digit may be leetspeak or a number. */
  readonly words: readonly (readonly string[])[];
  /** Each word's first reading before repeated letters are collapsed, for the slur matcher (which has its own thresholds). */
  readonly plain: readonly string[];
  /** Per word, true when it was typed one letter at a time ('k i l l'). */
  readonly spelled: readonly boolean[];
}

/** Marks the end of a sentence or clause in `words` (a joke's rules do not reach across it). */
export const SENTENCE_END = '.';

const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ь: 'b', г: 'r', п: 'n', и: 'u', л: 'n', д: 'd',
  // Greek
  α: 'a', β: 'b', γ: 'y', δ: 'd', ε: 'e', ζ: 'z', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', σ: 'o', ς: 's', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  // Latin letters NFKD leaves alone
  ı: 'i', ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'p',
  // Small capitals ('ꜱᴇxʏ'), which NFKD leaves alone too, and IPA and Armenian look-alikes
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
  ɑ: 'a', ɡ: 'g', ɩ: 'i', ʋ: 'u', ս: 'u', օ: 'o', ց: 'g', հ: 'h', ո: 'n', ա: 'w', ɾ: 'r',
};

/** Symbols read as letters when a letter or digit follows them ('$uicide', 'k!ll', '@ss'). */
const LEET_SYMBOLS: Readonly<Record<string, string>> = { $: 's', '@': 'a', '!': 'i', '|': 'l', '€': 'e', '£': 'l', '¢': 'c', '+': 't' };

const LEET_DIGITS: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '2': 'z', '3': 'e', '4': 'a', '5': 's', '6': 'g', '7': 't', '8': 'b', '9': 'g' };

// A number with a unit or an ordinal ('12yo', '14yearold', '8th', '3d', '1488'): the digits are meant.
const NUMBER_WITH_UNIT = /^\d+(?:yo|yro|yrs?|yrsold|yrold|years?|yearsold|yearold|th|st|nd|rd|s|d|k|m|am|pm|ish)?$/;
// Letters then digits ('ar15', 'ak47', 'mp3'): a model number as often as leetspeak.
const MODEL_NUMBER = /^[a-z]+\d+$/;

const INVISIBLE = /[\p{Cf}\p{M}]/gu;
const NON_ASCII = /[^\t\n\r -~]/;
// Most words need no character-by-character reading.
const PLAIN_WORD = /^[a-z0-9]+$/;
const SENTENCE_MARK = /[.!?;]/;
// In a joke a comma or a colon ends a clause too ('my kids, the sex talk'); a topic is one thought.
const CLAUSE_MARK = /[,:]/;

export function normalizeText(text: string, options: { sentences: boolean }): NormalizedText {
  // Most text is plain ASCII, with nothing to decompose.
  const lower = (NON_ASCII.test(text) ? text.normalize('NFKD').replace(INVISIBLE, '') : text).toLowerCase();
  // A line break ends a joke's sentence as a full stop does.
  const decomposed = options.sentences ? lower.replace(/\n/g, ' . ') : lower;
  const words: string[][] = [];
  const plain: string[] = [];
  const spelled: boolean[] = [];
  let singles: string[] = [];

  const flushSingles = () => {
    if (singles.length >= 3) {
      const joined = singles.join('');
      // 'a k i l l': the article was probably a word of its own.
      const readings = singles[0] === 'a' || singles[0] === 'i' ? [joined, joined.slice(1)] : [joined];
      words.push(readings.map(collapseRepeats));
      plain.push(joined);
      spelled.push(true);
    } else {
      for (const single of singles) {
        words.push([single]);
        plain.push(single);
        spelled.push(false);
      }
    }
    singles = [];
  };
  const pushWord = (word: string) => {
    const readings = readingsOf(word);
    if (readings.length === 0) return;
    if (readings[0]!.length === 1 && readings.length === 1) {
      singles.push(readings[0]!);
      return;
    }
    flushSingles();
    words.push(readings.map(collapseRepeats));
    plain.push(readings[0]!);
    spelled.push(false);
  };
  const endSentence = () => {
    flushSingles();
    if (options.sentences && words.length > 0 && words[words.length - 1]![0] !== SENTENCE_END) {
      words.push([SENTENCE_END]);
      plain.push(SENTENCE_END);
      spelled.push(false);
    }
  };

  for (const chunk of decomposed.split(/\s+/)) {
    if (chunk === '') continue;
    if (PLAIN_WORD.test(chunk)) {
      pushWord(chunk);
      continue;
    }
    let word = '';
    for (let index = 0; index < chunk.length; index++) {
      const char = chunk[index]!;
      const mapped = char < '\u0080' ? char : (LOOKALIKES[char] ?? char);
      if (isAlphanumeric(mapped)) {
        word += mapped;
        continue;
      }
      const leet = LEET_SYMBOLS[char];
      const next = chunk[index + 1];
      if (leet !== undefined && next !== undefined && isAlphanumeric(LOOKALIKES[next] ?? next)) {
        word += leet;
        continue;
      }
      // Punctuation between two letters joins them; at the end of a word it may end a sentence.
      if (word !== '' && next !== undefined && isAlphanumeric(LOOKALIKES[next] ?? next)) continue;
      if (SENTENCE_MARK.test(char) || (options.sentences && CLAUSE_MARK.test(char))) {
        pushWord(word);
        word = '';
        endSentence();
      }
    }
    pushWord(word);
  }
  flushSingles();
  return { words, plain, spelled };
}

// 'how 2 make 4 bomb': a lone digit standing for a word.
const DIGIT_WORDS: Readonly<Record<string, readonly string[]>> = { '2': ['2', 'to'], '4': ['4', 'for', 'a'] };

function readingsOf(word: string): string[] {
  if (word === '' || isHexIdentifier(word)) return [];
  // A one-letter check first: looking a text's word up in an object costs a string-table search per word.
  const digitWord = word.length === 1 ? DIGIT_WORDS[word] : undefined;
  if (digitWord) return [...digitWord];
  if (!/\d/.test(word) || !/[a-z]/.test(word)) return [word];
  const leet = word.replace(/\d/g, (digit) => LEET_DIGITS[digit]!);
  const readings = NUMBER_WITH_UNIT.test(word) || MODEL_NUMBER.test(word) ? [word, leet] : [leet, word];
  // '1' stands for 'l' as often as for 'i' ('1ynch', 'sch00l'): a third reading.
  if (word.includes('1')) readings.push(leet.replace(/i/g, (letter, at: number) => (word[at] === '1' ? 'l' : letter)));
  return readings;
}

function isAlphanumeric(char: string): boolean {
  return (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9');
}

const REPEATED_LETTER = /([a-z])\1/;

/** 'kiiill' and 'kill' both read 'kil'; digits are left alone ('1488'). */
export function collapseRepeats(word: string): string {
  if (!REPEATED_LETTER.test(word)) return word;
  let out = '';
  for (let index = 0; index < word.length; index++) {
    const char = word[index]!;
    if (char === out[out.length - 1] && char >= 'a' && char <= 'z') continue;
    out += char;
  }
  return out;
}
