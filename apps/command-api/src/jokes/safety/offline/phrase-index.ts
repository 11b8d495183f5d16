import { collapseRepeats, type NormalizedText } from './normalize-text.js';

/** Where a phrase of some kind was found: words [start, end). */
export interface Span<Kind extends string> {
  readonly kind: Kind;
  readonly start: number;
  readonly end: number;
}

interface Prefix<Kind extends string> {
  readonly prefix: string;
  readonly kind: Kind;
}

/**
 * The phrases' words, letter by letter, in flat arrays: about 5 MB for the
 * 54,000 word nodes and their 250,000 letters, where a trie of objects and maps
 * took 22 MB. Each word node has a tree of the letters of the words that may
 * follow it; a letter that ends one of those words leads to the next word node.
 * A text's word is followed one letter at a time, so words run together in a
 * text ('killmyself') are cut where phrase words end, with no substring made
 * and none hashed.
 */
class LetterTrie<Kind extends string> {
  constructor(
    /** Per letter node: its children, `edgeCount` edges from `firstEdge`, in letter order. */
    private readonly firstEdge: Int32Array,
    private readonly edgeCount: Uint8Array,
    private readonly edgeLetter: Uint16Array,
    private readonly edgeTarget: Int32Array,
    /** Per letter node: the word node a phrase word ending with this letter leads to (-1: none). */
    private readonly wordAt: Int32Array,
    /** Per word node (the root is 0): the letter node its next words start from (-1: none). */
    private readonly firstLetter: Int32Array,
    /** Per word node: the kinds of the phrases that end there, and the prefix phrases whose last word starts there; an index into the shared lists (-1: none). */
    private readonly ends: Int32Array,
    private readonly kindLists: readonly (readonly Kind[])[],
    private readonly prefixes: Int32Array,
    private readonly prefixLists: readonly (readonly Prefix<Kind>[])[],
  ) {}

  /** The letter node after `letter` reading `code`, or -1. */
  step(letter: number, code: number): number {
    const first = this.firstEdge[letter]!;
    const end = first + this.edgeCount[letter]!;
    for (let edge = first; edge < end; edge++) {
      const at = this.edgeLetter[edge]!;
      if (at === code) return this.edgeTarget[edge]!;
      if (at > code) return -1;
    }
    return -1;
  }

  start(word: number): number {
    return this.firstLetter[word]!;
  }

  wordEndingAt(letter: number): number {
    return this.wordAt[letter]!;
  }

  endsAt(word: number): readonly Kind[] | undefined {
    const ends = this.ends[word]!;
    return ends < 0 ? undefined : this.kindLists[ends];
  }

  prefixesAt(word: number): readonly Prefix<Kind>[] | undefined {
    const prefixes = this.prefixes[word]!;
    return prefixes < 0 ? undefined : this.prefixLists[prefixes];
  }

  /** True when phrases go on past this word node. */
  continues(word: number): boolean {
    return this.firstLetter[word]! >= 0 || this.prefixes[word]! >= 0;
  }
}

/**
 * Builds the LetterTrie in place, phrase by phrase, so no larger structure
 * exists even while it is built: letters as linked children (first child, next
 * sibling) in arrays that double as they fill, laid out edge after edge once
 * every phrase is in.
 */
class LetterTrieBuilder<Kind extends string> {
  private letter = new Uint16Array(1 << 16);
  private firstChild = new Int32Array(1 << 16);
  private nextSibling = new Int32Array(1 << 16);
  private wordAt = new Int32Array(1 << 16);
  private letters = 0;
  private firstLetter = new Int32Array(1 << 14);
  private words = 0;
  private readonly ends: Array<Kind[] | undefined> = [];
  private readonly prefixes: Array<Prefix<Kind>[] | undefined> = [];

  constructor() {
    this.newWord();
  }

  /** The word node after `word` at word node `at` (the root is 0), added if it is new. */
  next(at: number, word: string): number {
    let letter = this.firstLetter[at]!;
    if (letter < 0) this.firstLetter[at] = letter = this.newLetter(0);
    for (let index = 0; index < word.length; index++) letter = this.childOf(letter, word.charCodeAt(index));
    if (this.wordAt[letter]! < 0) this.wordAt[letter] = this.newWord();
    return this.wordAt[letter]!;
  }

  addEnd(word: number, kind: Kind): void {
    const ends = (this.ends[word] ??= []);
    if (!ends.includes(kind)) ends.push(kind);
  }

  addPrefix(word: number, prefix: string, kind: Kind): void {
    const prefixes = (this.prefixes[word] ??= []);
    if (!prefixes.some((entry) => entry.prefix === prefix && entry.kind === kind)) prefixes.push({ prefix, kind });
  }

  build(): LetterTrie<Kind> {
    const count = this.letters;
    const firstEdge = new Int32Array(count);
    const edgeCount = new Uint8Array(count);
    const edgeLetter = new Uint16Array(count);
    const edgeTarget = new Int32Array(count);
    let edge = 0;
    for (let node = 0; node < count; node++) {
      firstEdge[node] = edge;
      for (let child = this.firstChild[node]!; child >= 0; child = this.nextSibling[child]!) {
        edgeLetter[edge] = this.letter[child]!;
        edgeTarget[edge++] = child;
      }
      edgeCount[node] = edge - firstEdge[node]!;
    }
    const kindLists: Kind[][] = [];
    const prefixLists: Prefix<Kind>[][] = [];
    const kindsId = sharedIn(kindLists, (kinds) => kinds.join());
    const prefixesId = sharedIn(prefixLists, (list) => list.map(({ prefix, kind }) => `${prefix}:${kind}`).join());
    const words = this.words;
    return new LetterTrie(
      firstEdge,
      edgeCount,
      edgeLetter.slice(0, edge),
      edgeTarget.slice(0, edge),
      this.wordAt.slice(0, count),
      this.firstLetter.slice(0, words),
      Int32Array.from({ length: words }, (_, word) => kindsId(this.ends[word])),
      kindLists,
      Int32Array.from({ length: words }, (_, word) => prefixesId(this.prefixes[word])),
      prefixLists,
    );
  }

  /** The child of `parent` for `code`, inserted in letter order if there is none. */
  private childOf(parent: number, code: number): number {
    let before = -1;
    let child = this.firstChild[parent]!;
    while (child >= 0 && this.letter[child]! < code) {
      before = child;
      child = this.nextSibling[child]!;
    }
    if (child >= 0 && this.letter[child] === code) return child;
    const added = this.newLetter(code);
    this.nextSibling[added] = child;
    if (before < 0) this.firstChild[parent] = added;
    else this.nextSibling[before] = added;
    return added;
  }

  private newLetter(code: number): number {
    if (this.letters === this.letter.length) {
      this.letter = grown(this.letter);
      this.firstChild = grown(this.firstChild);
      this.nextSibling = grown(this.nextSibling);
      this.wordAt = grown(this.wordAt);
    }
    const id = this.letters++;
    this.letter[id] = code;
    this.firstChild[id] = -1;
    this.nextSibling[id] = -1;
    this.wordAt[id] = -1;
    return id;
  }

  private newWord(): number {
    if (this.words === this.firstLetter.length) this.firstLetter = grown(this.firstLetter);
    this.firstLetter[this.words] = -1;
    return this.words++;
  }
}

/** Twice the room, the contents kept. */
function grown<T extends Int32Array | Uint16Array>(array: T): T {
  const larger = new (array.constructor as new (length: number) => T)(array.length * 2);
  larger.set(array);
  return larger;
}

/** Numbers lists into `lists`, one copy of each distinct list (by `key`); none is -1. */
function sharedIn<T>(lists: T[][], key: (list: T[]) => string): (list: T[] | undefined) => number {
  const ids = new Map<string, number>();
  return (list) => {
    if (list === undefined) return -1;
    const name = key(list);
    let id = ids.get(name);
    if (id === undefined) {
      ids.set(name, (id = lists.length));
      lists.push(list);
    }
    return id;
  };
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
  private readonly trie: LetterTrie<Kind>;
  /** Every word of every phrase (joined variants too), and the prefixes: what a chunked or spelled-out word may be rejoined into. */
  private readonly vocabulary = new Set<string>();
  private readonly vocabularyPrefixes = new Set<string>();

  constructor(phrases: Readonly<Record<Kind, readonly string[]>>) {
    const builder = new LetterTrieBuilder<Kind>();
    for (const kind of Object.keys(phrases) as Kind[]) {
      for (const phrase of phrases[kind]) {
        for (const words of expand(phrase)) this.add(builder, kind, words);
      }
    }
    this.trie = builder.build();
  }

  find({ words }: NormalizedText): Span<Kind>[] {
    const trie = this.trie;
    const spans: Span<Kind>[] = [];
    // A word read two ways may find the same phrase twice; spans are few, a scan is cheapest.
    const found = (kind: Kind, start: number, end: number) => {
      if (!spans.some((span) => span.kind === kind && span.start === start && span.end === end)) spans.push({ kind, start, end });
    };
    const walk = (word: number, start: number, index: number) => {
      const readings = words[index];
      if (readings === undefined) return;
      for (const reading of readings) consume(word, reading, 0, start, index);
    };
    // `text` from `from`, all of a word or what is left of it, read as one phrase word or several run together ('killmyself').
    const consume = (word: number, text: string, from: number, start: number, index: number) => {
      for (const { prefix, kind } of trie.prefixesAt(word) ?? []) if (text.startsWith(prefix, from)) found(kind, start, index + 1);
      let letter = trie.start(word);
      for (let at = from; letter >= 0 && at < text.length; ) {
        letter = trie.step(letter, text.charCodeAt(at++));
        if (letter < 0) return;
        const next = trie.wordEndingAt(letter);
        if (next < 0) continue;
        if (at === text.length) {
          for (const kind of trie.endsAt(next) ?? []) found(kind, start, index + 1);
          if (trie.continues(next)) walk(next, start, index + 1);
          return;
        }
        consume(next, text, at, start, index);
        // Words run together lose a doubled letter where they meet, as the text's own words do ('kill' + 'lol' reads 'kilol').
        const last = text.charCodeAt(at - 1);
        if (last >= 97 && last <= 122) consume(next, text, at - 1, start, index);
      }
    };
    for (let start = 0; start < words.length; start++) walk(0, start, start);
    return spans;
  }

  /** True when `word` (normalised) is a word of some phrase, or starts with a phrase's prefix ('pornography'). */
  knows(word: string): boolean {
    if (this.vocabulary.has(word)) return true;
    for (const prefix of this.vocabularyPrefixes) if (word.startsWith(prefix)) return true;
    return false;
  }

  private add(builder: LetterTrieBuilder<Kind>, kind: Kind, raw: readonly string[]): void {
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
    let at = 0;
    for (const word of normal.slice(0, -1)) at = builder.next(at, word);
    const last = normal[normal.length - 1]!;
    if (prefix) {
      if (last.length < 3) throw new Error(`A prefix needs three letters: ${raw.join(' ')}`);
      builder.addPrefix(at, last, kind);
    } else {
      builder.addEnd(builder.next(at, last), kind);
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
