import { mulberry32 } from '@jokes/domain';

/**
 * A small seeded PRNG, so a seed reproduces a joke exactly (tests, support
 * replaying a complaint). Not for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** The first `count` items of a shuffled copy: distinct picks, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** FNV-1a over UTF-16 code units, finished with MurmurHash3's fmix32 so near-identical seeds diverge. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

export function createRandom(seed: string): Random {
  const next = mulberry32(hashString(seed));
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      if (count > items.length) throw new RangeError(`Cannot pick ${count} distinct items from ${items.length}`);
      const copy = [...items];
      // Fisher-Yates, stopped once the first `count` places are settled.
      for (let index = 0; index < count; index++) {
        const swap = int(index, copy.length - 1);
        [copy[index], copy[swap]] = [copy[swap] as T, copy[index] as T];
      }
      return copy.slice(0, count);
    },
  };
}
