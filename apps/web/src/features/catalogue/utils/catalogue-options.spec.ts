import { describe, expect, it } from '@jest/globals';
import { catalogue, FREE_COMEDIAN, OTHER_FREE_COMEDIAN, PREMIUM_COMEDIAN } from '../../../testing/fixtures';
import { defaultComedian, makeMeLaughPool, pickRandom, toComedianOptions, toLengthOptions } from './catalogue-options';

describe('comedian options', () => {
  it('locks premium comedians for non-subscribers', () => {
    expect(toComedianOptions(catalogue.comedians, false)).toEqual([
      { value: FREE_COMEDIAN, label: FREE_COMEDIAN, locked: false },
      { value: OTHER_FREE_COMEDIAN, label: OTHER_FREE_COMEDIAN, locked: false },
      { value: PREMIUM_COMEDIAN, label: PREMIUM_COMEDIAN, locked: true },
    ]);
  });

  it('unlocks every comedian for subscribers', () => {
    expect(toComedianOptions(catalogue.comedians, true).every((option) => !option.locked)).toBe(true);
  });

  it('never offers an empty value', () => {
    const options = toComedianOptions([{ name: ' ', tier: 'free', makeMeLaugh: true }, ...catalogue.comedians], false);
    expect(options.map((option) => option.value)).not.toContain(' ');
  });
});

describe('the comedian the selector starts on', () => {
  it('is the first free comedian of the catalogue', () => {
    expect(defaultComedian(catalogue.comedians)).toBe(FREE_COMEDIAN);
  });

  it('is never a premium comedian, even when one comes first', () => {
    const premiumFirst = [{ name: PREMIUM_COMEDIAN, tier: 'premium' as const, makeMeLaugh: true }, ...catalogue.comedians.slice(1)];
    expect(defaultComedian(premiumFirst)).toBe(OTHER_FREE_COMEDIAN);
  });

  it('is never an empty name, and none without a free comedian', () => {
    expect(defaultComedian([{ name: ' ', tier: 'free', makeMeLaugh: false }, ...catalogue.comedians])).toBe(FREE_COMEDIAN);
    expect(defaultComedian(catalogue.comedians.filter(({ tier }) => tier === 'premium'))).toBeUndefined();
  });
});

describe('length options', () => {
  it('leaves only short open to non-subscribers, with the sentence count shown', () => {
    expect(toLengthOptions(catalogue.lengths, false)).toEqual([
      { value: 'one-liner', label: 'One-liner (1 sentence)', locked: true },
      { value: 'short', label: 'Short (2-3 sentences)', locked: false },
      { value: 'medium', label: 'Medium (4-6 sentences)', locked: true },
      { value: 'long', label: 'Long (8-10 sentences)', locked: true },
    ]);
  });
});

describe('Make Me Laugh', () => {
  it('draws from the comedians on the Make Me Laugh list only', () => {
    expect(makeMeLaughPool(catalogue.comedians)).toEqual([FREE_COMEDIAN]);
  });

  it('picks uniformly, and nothing from an empty list', () => {
    expect(pickRandom(['a', 'b', 'c'], () => 0)).toBe('a');
    expect(pickRandom(['a', 'b', 'c'], () => 0.999)).toBe('c');
    expect(pickRandom([], () => 0.5)).toBeUndefined();
  });
});
