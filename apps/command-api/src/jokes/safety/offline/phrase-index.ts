import { collapseRepeats, type NormalizedText } from './normalize-text.js';

/** Where a phrase of some kind was found: words [start, end). */
export interface Span<Kind extends string> {
  readonly kind: Kind;
  readonly start: number;
  readonly end: number;
}

interface Entry<Kind extends string> {
  readonly kind: Kind;
  readonly words: readonly string[];
  /** The last word need only start with its text ('masturbat*'). */
  readonly prefix: boolean;
}

/**
 * Finds phrases in normalised text in one pass over its words. A phrase is
 * written in plain words with a small syntax:
 *   'kill|killing myself'          alternatives for one word
 *   '(should be|must be|_) shot'   alternatives of several words; '_' is none
 *   'masturbat*'                   the last word is a prefix
 * Each phrase is also found with its words run together ('killmyself'),
 * which is how a spaced-out word ('k i l l m y s e l f') reads once joined.
 */
export class PhraseIndex<Kind extends string> {
  private readonly exact = new Map<string, Entry<Kind>[]>();
  private readonly prefixes = new Map<string, Entry<Kind>[]>();

  constructor(phrases: Readonly<Record<Kind, readonly string[]>>) {
    for (const kind of Object.keys(phrases) as Kind[]) {
      for (const phrase of phrases[kind]) {
        for (const words of expand(phrase)) this.add(kind, words);
      }
    }
  }

  find(text: NormalizedText): Span<Kind>[] {
    const spans: Span<Kind>[] = [];
    const { words } = text;
    for (let start = 0; start < words.length; start++) {
      for (const reading of words[start]!) {
        for (const entry of this.exact.get(reading) ?? []) this.match(entry, text, start, spans);
        for (const entry of this.prefixes.get(reading.slice(0, 3)) ?? []) this.match(entry, text, start, spans);
      }
    }
    return spans;
  }

  private match(entry: Entry<Kind>, { words }: NormalizedText, start: number, spans: Span<Kind>[]): void {
    const last = entry.words.length - 1;
    for (let offset = 0; offset <= last; offset++) {
      const readings = words[start + offset];
      if (readings === undefined) return;
      const wanted = entry.words[offset]!;
      const isPrefix = entry.prefix && offset === last;
      if (!readings.some((reading) => (isPrefix ? reading.startsWith(wanted) : reading === wanted))) return;
    }
    spans.push({ kind: entry.kind, start, end: start + entry.words.length });
  }

  private add(kind: Kind, raw: readonly string[]): void {
    const prefix = raw[raw.length - 1]!.endsWith('*');
    const words = raw.map((word) => word.replace(/\*$/, ''));
    for (const variant of joinings(words)) {
      const normal = variant.map((word) => collapseRepeats(readingOf(word)));
      const entry: Entry<Kind> = { kind, words: normal, prefix };
      if (prefix && normal.length === 1) {
        const key = normal[0]!.slice(0, 3);
        if (normal[0]!.length < 3) throw new Error(`A prefix needs three letters: ${raw.join(' ')}`);
        this.prefixes.set(key, [...(this.prefixes.get(key) ?? []), entry]);
      } else {
        this.exact.set(normal[0]!, [...(this.exact.get(normal[0]!) ?? []), entry]);
      }
    }
  }
}

/** A phrase's word as the normaliser reads the same word typed plainly ("i'll" is 'ill', 'ar-15' is 'ar15'). */
function readingOf(word: string): string {
  return word.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** 'kill|killing (my self|myself)' -> every concrete word list. */
function expand(phrase: string): string[][] {
  let lists: string[][] = [[]];
  for (const slot of phrase.trim().match(/\([^)]*\)|[^\s()]+/g) ?? []) {
    const options = slot.replace(/^\(|\)$/g, '').split('|').map((option) => (option.trim() === '_' ? [] : option.trim().split(/\s+/)));
    lists = lists.flatMap((list) => options.map((option) => [...list, ...option]));
  }
  return lists.filter((list) => list.length > 0);
}

/** Every way of running neighbouring words together: 'kill my self' also as 'killmy self', 'kill myself', 'killmyself'. */
function joinings(words: readonly string[]): string[][] {
  if (words.length <= 1) return [[...words]];
  const [first, ...rest] = words as [string, ...string[]];
  return joinings(rest).flatMap(([head, ...tail]) => [
    [first, head!, ...tail],
    [first + head!, ...tail],
  ]);
}
