import { describe, expect, it } from '@jest/globals';
import { COMEDIANS, FREE_COMEDIANS, MAKE_ME_LAUGH_COMEDIANS, PREMIUM_COMEDIANS, findComedian } from './comedians.js';
import { DEFAULT_LENGTH, LENGTHS, isJokeLength, lengthSpec } from './lengths.js';
import { MANNERS } from './manners.js';

describe('comedian catalogue', () => {
  it('has exactly eleven free styles', () => {
    expect(FREE_COMEDIANS).toHaveLength(11);
    expect(FREE_COMEDIANS.every((comedian) => comedian.tier === 'free')).toBe(true);
  });

  it('has about 180 premium styles', () => {
    expect(PREMIUM_COMEDIANS.length).toBeGreaterThanOrEqual(170);
    expect(PREMIUM_COMEDIANS.length).toBeLessThanOrEqual(190);
    expect(PREMIUM_COMEDIANS.every((comedian) => comedian.tier === 'premium')).toBe(true);
  });

  it('lists free styles first, then premium styles sorted by name', () => {
    expect(COMEDIANS.slice(0, 11)).toEqual(FREE_COMEDIANS);
    const names = PREMIUM_COMEDIANS.map((comedian) => comedian.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has no duplicate names, ignoring case', () => {
    const names = COMEDIANS.map((comedian) => comedian.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every comedian a manner, and every manner some comedians', () => {
    expect(COMEDIANS.every((comedian) => MANNERS.includes(comedian.manner))).toBe(true);
    for (const manner of MANNERS) {
      expect(COMEDIANS.filter((comedian) => comedian.manner === manner).length).toBeGreaterThanOrEqual(10);
    }
  });

  it('has 26 Make Me Laugh names, all in the catalogue', () => {
    expect(MAKE_ME_LAUGH_COMEDIANS).toHaveLength(26);
    for (const comedian of MAKE_ME_LAUGH_COMEDIANS) {
      expect(findComedian(comedian.name)).toBe(comedian);
    }
  });

  it('finds a comedian whatever the case and surrounding spaces', () => {
    expect(findComedian('  jerry SEINFELD ')?.name).toBe('Jerry Seinfeld');
    expect(findComedian("conan o'brien")?.tier).toBe('premium');
    expect(findComedian('Not A Comedian')).toBeUndefined();
  });
});

describe('joke lengths', () => {
  it('lists the four lengths with their sentence ranges, only short being free', () => {
    expect(LENGTHS.map(({ value, description, minSentences, maxSentences, tier }) => [value, description, minSentences, maxSentences, tier])).toEqual([
      ['one-liner', '1 sentence', 1, 1, 'premium'],
      ['short', '2-3 sentences', 2, 3, 'free'],
      ['medium', '4-6 sentences', 4, 6, 'premium'],
      ['long', '8-10 sentences', 8, 10, 'premium'],
    ]);
  });

  it('defaults to short', () => {
    expect(DEFAULT_LENGTH).toBe('short');
    expect(lengthSpec(DEFAULT_LENGTH).tier).toBe('free');
  });

  it('recognises only the four lengths', () => {
    expect(isJokeLength('medium')).toBe(true);
    expect(isJokeLength('epic')).toBe(false);
    expect(isJokeLength('toString')).toBe(false);
  });
});
