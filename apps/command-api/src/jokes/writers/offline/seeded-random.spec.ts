import { describe, expect, it } from '@jest/globals';
import { createRandom, hashString } from './seeded-random.js';

describe('createRandom', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const draw = (seed: string) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('draws integers in the inclusive range, reaching both ends', () => {
    const random = createRandom('range');
    const seen = new Set(Array.from({ length: 500 }, () => random.int(2, 4)));
    expect([...seen].sort()).toEqual([2, 3, 4]);
  });

  it('samples distinct items', () => {
    const sample = createRandom('sample').sample([1, 2, 3, 4, 5, 6, 7, 8], 8);
    expect([...sample].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(() => createRandom('x').sample([1], 2)).toThrow(RangeError);
  });

  it('hashes near-identical seeds far apart', () => {
    expect(hashString('seed-1') ^ hashString('seed-2')).toBeGreaterThan(0xffff);
  });
});
