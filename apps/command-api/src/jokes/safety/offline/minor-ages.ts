import { collapseRepeats, type NormalizedText } from './normalize-text.js';
import type { Span } from './phrase-index.js';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen'];
const UNDER_18 = new Map<string, number>(NUMBER_WORDS.map((word, age) => [collapseRepeats(word), age]));

// '12yo', '14yearold', 'fourteenyearold' as one word (the normaliser joins '14-year-old').
const AGE_IN_ONE_WORD = /^(\d{1,2}|[a-z]+?)(?:yo|yro|yrold|yrsold|yearold|yearsold|yearolds|yrolds)$/;
const YEAR = new Set(['year', 'years', 'yr', 'yrs', 'yearold', 'yearolds', 'yearsold', 'yrold', 'yo', 'yro']);
const OLD = new Set(['old', 'olds']);
// 'aged 14', 'she is 15', 'just turned 13'.
const AGE_VERBS = new Set(['aged', 'age', 'is', 'was', 'turned', 'turning', 'only', 'just', 'shes', 'hes', 'theyre', 'im', 'barely'].map(collapseRepeats));
// 'a boy of twelve' (not 'a pack of 12').
const YOUNG_PEOPLE = new Set(['boy', 'girl', 'child', 'kid', 'son', 'daughter', 'niece', 'nephew', 'lad', 'lass', 'cousin', 'student', 'pupil'].map(collapseRepeats));

/**
 * Ages under 18, however written: '12 year old', '12-year-old', '13yo',
 * 'twelve years old', 'aged 14', 'she is 15'. Spans of kind 'minor', like the words for a
 * child in minors.lexicon.ts.
 */
export function findMinorAges({ words }: NormalizedText): Span<'minor'>[] {
  const spans: Span<'minor'>[] = [];
  for (let index = 0; index < words.length; index++) {
    for (const reading of words[index]!) {
      const inOne = AGE_IN_ONE_WORD.exec(reading);
      if (inOne) {
        const age = ageOf(inOne[1]!);
        if (age !== undefined && isMinor(age)) spans.push({ kind: 'minor', start: index, end: index + 1 });
        continue;
      }
      const age = ageOf(reading);
      if (age === undefined || !isMinor(age)) continue;
      const next = words[index + 1];
      const previous = words[index - 1];
      if (next?.some((word) => YEAR.has(word))) {
        const afterYear = words[index + 2];
        const end = afterYear?.some((word) => OLD.has(word)) ? index + 3 : index + 2;
        // 'twelve years' alone is a length of time; 'twelve yo' and 'twelve years old' are an age.
        if (end === index + 3 || next.some((word) => word === 'yo' || word.endsWith('old') || word.endsWith('olds'))) {
          spans.push({ kind: 'minor', start: index, end });
        }
      } else if (previous?.some((word) => AGE_VERBS.has(word))) {
        spans.push({ kind: 'minor', start: index - 1, end: index + 1 });
      } else if (previous?.includes('of') && words[index - 2]?.some((word) => YOUNG_PEOPLE.has(word))) {
        spans.push({ kind: 'minor', start: index - 2, end: index + 1 });
      }
    }
  }
  return spans;
}

function ageOf(word: string): number | undefined {
  if (/^\d{1,2}$/.test(word)) return Number(word);
  return UNDER_18.get(word);
}

// Under one is a baby, not an age anyone writes in years.
function isMinor(age: number): boolean {
  return age >= 1 && age < 18;
}
