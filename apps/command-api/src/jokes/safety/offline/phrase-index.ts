import { collapseRepeats, type NormalizedText } from './normalize-text.js';

/** Where a phrase of some kind was found: words [start, end). */
export interface Span<Kind extends string> {
  readonly kind: Kind;
  readonly start: number;
  readonly end: number;
}

/**
 * The phrases' words as they are added: a word trie, the kinds of the phrases
 * that end at a node and those whose last word need only start with a given
 * text. Compiled into a LetterTrie once every phrase is in.
 */
interface WordNode<Kind extends string> {
  next?: Map<string, WordNode<Kind>>;
  ends?: Kind[];
  prefixes?: Prefix<Kind>[];
}

interface Prefix<Kind extends string> {
  readonly prefix: string;
  readonly kind: Kind;
}

function child<Kind extends string>(at: WordNode<Kind>, word: string): WordNode<Kind> {
  at.next ??= new Map();
  let next = at.next.get(word);
  if (next === undefined) at.next.set(word, (next = {}));
  return next;
}

/**
 * The word trie, read letter by letter, in flat arrays (about 4 MB for the
 * 54,000 word nodes and their 250,000 letters, a fifth of the objects and
 * maps it is compiled from). A text's word is followed one letter at a time
 * from a word node's first letter: each letter that ends a phrase word leads
 * to the next word node, so the words run together in a text ('killmyself')
 * are cut where phrase words end, with no substring made and none hashed.
 */
class LetterTrie<Kind extends string> {
  /** Per word node: the letter node its next words start from (-1: none). */
  readonly firstLetter: Int32Array;
  /** Per word node: the kinds of the phrases that end there, an index into `kindLists` (-1: none). */
  readonly ends: Int32Array;
  readonly kindLists: Kind[][] = [];
  /** Per word node: the prefix phrases whose last word starts there, an index into `prefixLists` (-1: none). */
  readonly prefixes: Int32Array;
  readonly prefixLists: Prefix<Kind>[][] = [];
  /** Per letter node: its children, `edgeCount` edges from `firstEdge`, sorted by letter. */
  readonly firstEdge: Int32Array;
  readonly edgeCount: Uint8Array;
  /** Per letter node: the word node reached when a phrase word ends with this letter (-1: none). */
  readonly wordAt: Int32Array;
  readonly edgeLetter: Uint16Array;
  readonly edgeTarget: Int32Array;

  constructor(root: WordNode<Kind>) {
    const words: WordNode<Kind>[] = [];
    const wordIds = new Map<WordNode<Kind>, number>();
    const number = (node: WordNode<Kind>) => {
      wordIds.set(node, words.length);
      words.push(node);
      for (const next of node.next?.values() ?? []) number(next);
    };
    number(root);
    // At most a letter node per letter of every label and one more per word node; trimmed once built.
    let capacity = 0;
    for (const node of words) for (const label of node.next?.keys() ?? []) capacity += label.length + 1;
    const firstEdge = new Int32Array(capacity);
    const edgeCount = new Uint8Array(capacity);
    const wordAt = new Int32Array(capacity).fill(-1);
    const edgeLetter = new Uint16Array(capacity);
    const edgeTarget = new Int32Array(capacity);
    let letters = 0;
    let edges = 0;
    // The letter tree of sorted labels [lo, hi) that share their first `depth` letters: a label that ends here comes first.
    const build = (labels: readonly string[], targets: readonly number[], lo: number, hi: number, depth: number): number => {
      const id = letters++;
      let from = lo;
      if (labels[from]!.length === depth) wordAt[id] = targets[from++]!;
      let groups = 0;
      for (let at = from; at < hi; groups++) {
        const code = labels[at]!.charCodeAt(depth);
        while (at < hi && labels[at]!.charCodeAt(depth) === code) at++;
      }
      const base = edges;
      edges += groups;
      firstEdge[id] = base;
      edgeCount[id] = groups;
      for (let at = from, group = base; at < hi; group++) {
        const code = labels[at]!.charCodeAt(depth);
        let end = at;
        while (end < hi && labels[end]!.charCodeAt(depth) === code) end++;
        edgeLetter[group] = code;
        edgeTarget[group] = build(labels, targets, at, end, depth + 1);
        at = end;
      }
      return id;
    };
    this.firstLetter = Int32Array.from(words, (node) => {
      if (node.next === undefined) return -1;
      const labels = [...node.next.keys()].sort();
      return build(labels, labels.map((label) => wordIds.get(node.next!.get(label)!)!), 0, labels.length, 0);
    });
    this.firstEdge = firstEdge.slice(0, letters);
    this.edgeCount = edgeCount.slice(0, letters);
    this.wordAt = wordAt.slice(0, letters);
    this.edgeLetter = edgeLetter.slice(0, edges);
    this.edgeTarget = edgeTarget.slice(0, edges);
    const kindsId = sharedIn(this.kindLists, (kinds) => kinds.join());
    const prefixesId = sharedIn(this.prefixLists, (list) => list.map(({ prefix, kind }) => `${prefix}:${kind}`).join());
    this.ends = Int32Array.from(words, (node) => kindsId(node.ends));
    this.prefixes = Int32Array.from(words, (node) => prefixesId(node.prefixes));
  }

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

  /** True when phrases go on past this word node. */
  continues(word: number): boolean {
    return this.firstLetter[word]! >= 0 || this.prefixes[word]! >= 0;
  }
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
    const root: WordNode<Kind> = {};
    for (const kind of Object.keys(phrases) as Kind[]) {
      for (const phrase of phrases[kind]) {
        for (const words of expand(phrase)) this.add(root, kind, words);
      }
    }
    this.trie = new LetterTrie(root);
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
      const prefixes = trie.prefixes[word]!;
      if (prefixes >= 0) for (const { prefix, kind } of trie.prefixLists[prefixes]!) if (text.startsWith(prefix, from)) found(kind, start, index + 1);
      let letter = trie.firstLetter[word]!;
      for (let at = from; letter >= 0 && at < text.length; ) {
        letter = trie.step(letter, text.charCodeAt(at++));
        if (letter < 0) return;
        const next = trie.wordAt[letter]!;
        if (next < 0) continue;
        if (at === text.length) {
          const ends = trie.ends[next]!;
          if (ends >= 0) for (const kind of trie.kindLists[ends]!) found(kind, start, index + 1);
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

  private add(root: WordNode<Kind>, kind: Kind, raw: readonly string[]): void {
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
    let at = root;
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
