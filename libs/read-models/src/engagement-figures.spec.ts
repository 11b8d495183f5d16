import { describe, expect, it } from '@jest/globals';
import { normaliseTopic, ratingAverage, utcDay } from './engagement-figures.js';

describe('a topic in the engagement report', () => {
  it('is one topic however it was typed: trimmed, lower case, single spaces', () => {
    expect(['Dating Apps', '  dating   apps ', 'DATING\tAPPS'].map(normaliseTopic)).toEqual(['dating apps', 'dating apps', 'dating apps']);
  });

  it("reads '(none)' when it is empty or blank", () => {
    expect([normaliseTopic(''), normaliseTopic('   '), normaliseTopic(null)]).toEqual(['(none)', '(none)', '(none)']);
  });
});

describe('the day of an event', () => {
  it('is the UTC date of its time, also when the browser sent an offset', () => {
    expect(utcDay('2026-03-01T23:59:59.999Z')).toBe('2026-03-01');
    expect(utcDay('2026-03-02T00:30:00+02:00')).toBe('2026-03-01');
    expect(utcDay('2026-03-01T22:00:00-03:00')).toBe('2026-03-02');
  });
});

describe('the rating average', () => {
  it('is the mean of the histogram to two decimals', () => {
    // 1 + 2 + 2 = 5 stars over 3 ratings.
    expect(ratingAverage([1, 2, 0, 0, 0])).toBe(1.67);
    expect(ratingAverage([0, 0, 0, 1, 1])).toBe(4.5);
  });

  it('is null without ratings', () => {
    expect(ratingAverage([0, 0, 0, 0, 0])).toBeNull();
  });
});
