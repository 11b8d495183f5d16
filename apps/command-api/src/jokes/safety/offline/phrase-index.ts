import { collapseRepeats, type NormalizedText } from './normalize-text.js';

/** Where a phrase of some kind was found: words [start, end). */
export interface Span<Kind extends string> {
  readonly kind: Kind;
  readonly start: number;
  readonly end: number;
}

/**
 * A word trie: the kinds of the phrases that end here, and those whose last word need only start with a given text.
 * Each part is there only when it has something (most of the 54,000 nodes are a phrase's last word): about 10 MB less.
 */
interface Node<Kind extends string> {
  next?: Map<string, Node<Kind>>;
  ends?: Kind[];
  prefixes?: Array<{ readonly prefix: string; readonly kind: Kind }>;
}

const node = <Kind extends string>(): Node<Kind> => ({});

function child<Kind extends string>(at: Node<Kind>, word: string): Node<Kind> {
  at.next ??= new Map();
  let next = at.next.get(word);
  if (next === undefined) at.next.set(word, (next = node()));
  return next;
}

/**
 * Finds phrases in normalised text in one pass over its words, following a
 * trie of the phrases' words from each one. A phrase is written in plain
 * words with a small syntax:
 *   'kill|killing myself'          alternatives for one word
 *   '(should be|must be|_) shot'   alternatives of several words; '_' is none
 *   'masturbat*'                   the last word is a prefix
 * Each phrase is also found with its words run together ('killmyself'),
 * which is how a spaced-out word ('k i l l m y s e l f') reads once joined.
 */
export class PhraseIndex<Kind extends string> {
  private readonly root = node<Kind>();
  /** Every word of every phrase (joined variants too), and the prefixes: what a chunked or spelled-out word may be rejoined into. */
  private readonly vocabulary = new Set<string>();
  private readonly vocabularyPrefixes = new Set<string>();

  constructor(phrases: Readonly<Record<Kind, readonly string[]>>) {
    for (const kind of Object.keys(phrases) as Kind[]) {
      for (const phrase of phrases[kind]) {
        for (const words of expand(phrase)) this.add(kind, words);
      }
    }
  }

  find({ words }: NormalizedText): Span<Kind>[] {
    const spans: Span<Kind>[] = [];
    // A word read two ways may find the same phrase twice; spans are few, a scan is cheapest.
    const found = (kind: Kind, start: number, end: number) => {
      if (!spans.some((span) => span.kind === kind && span.start === start && span.end === end)) spans.push({ kind, start, end });
    };
    const walk = (at: Node<Kind>, start: number, index: number) => {
      const readings = words[index];
      if (readings === undefined) return;
      for (const reading of readings) consume(at, reading, start, index);
    };
    // `rest`, all of a word or what is left of it, read as one phrase word or several run together ('killmyself').
    const consume = (at: Node<Kind>, rest: string, start: number, index: number) => {
      for (const { prefix, kind } of at.prefixes ?? []) if (rest.startsWith(prefix)) found(kind, start, index + 1);
      if (at.next === undefined) return;
      for (let cut = 1; cut <= rest.length; cut++) {
        const label = cut === rest.length ? rest : rest.slice(0, cut);
        const next = at.next.get(label);
        if (next === undefined) continue;
        if (cut === rest.length) {
          for (const kind of next.ends ?? []) found(kind, start, index + 1);
          if (next.next !== undefined || next.prefixes !== undefined) walk(next, start, index + 1);
          continue;
        }
        const remaining = rest.slice(cut);
        consume(next, remaining, start, index);
        // Words run together lose a doubled letter where they meet, as the text's own words do ('kill' + 'lol' reads 'kilol').
        const last = label[label.length - 1]!;
        if (last >= 'a' && last <= 'z') consume(next, last + remaining, start, index);
      }
    };
    for (let start = 0; start < words.length; start++) walk(this.root, start, start);
    return spans;
  }

  /** True when `word` (normalised) is a word of some phrase, or starts with a phrase's prefix ('pornography'). */
  knows(word: string): boolean {
    if (this.vocabulary.has(word)) return true;
    for (const prefix of this.vocabularyPrefixes) if (word.startsWith(prefix)) return true;
    return false;
  }

  private add(kind: Kind, raw: readonly string[]): void {
    const prefix = raw[raw.length - 1]!.endsWith('*');
    const words = raw.map((word) => word.replace(/\*$/, ''));
    const normal = words.map((word) => collapseRepeats(readingOf(word)));
    // Words run together are found as they are read (find); what a chunked word may be rejoined into is every run of neighbouring words.
    for (let first = 0; first < words.length; first++) {
      for (let last = first; last < words.length; last++) {
        const run = collapseRepeats(readingOf(words.slice(first, last + 1).join('')));
        if (prefix && last === words.length - 1) this.vocabularyPrefixes.add(run);
        else this.vocabulary.add(run);
      }
    }
    let at = this.root;
    for (const word of normal.slice(0, -1)) at = child(at, word);
    const last = normal[normal.length - 1]!;
    if (prefix) {
      if (last.length < 3) throw new Error(`A prefix needs three letters: ${raw.join(' ')}`);
      at.prefixes ??= [];
      if (!at.prefixes.some((entry) => entry.prefix === last && entry.kind === kind)) at.prefixes.push({ prefix: last, kind });
    } else {
      const end = child(at, last);
      end.ends ??= [];
      if (!end.ends.includes(kind)) end.ends.push(kind);
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
