import { describe, expect, it } from '@jest/globals';
import { formatAge, mainReason } from './report-age';

describe('formatAge', () => {
  it.each([
    [59, '0 min'],
    [45 * 60, '45 min'],
    [5 * 3600 + 120, '5 h'],
    [48 * 3600, '2 d'],
    [51 * 3600 + 59, '2 d 3 h'],
  ])('shows %p seconds as %p', (seconds, shown) => {
    expect(formatAge(seconds)).toBe(shown);
  });
});

describe('mainReason', () => {
  it('is the reason most reporters gave, the first of the list on a tie', () => {
    expect(mainReason({ offensive: 1, copyright: 3, other: 0 })).toBe('copyright');
    expect(mainReason({ offensive: 2, copyright: 2, other: 2 })).toBe('offensive');
  });
});
