import { describe, expect, it } from '@jest/globals';
import { isSafetyCategory, SAFETY_CATEGORIES } from './safety-categories.js';

describe('SAFETY_CATEGORIES', () => {
  it('are the six things the product never writes', () => {
    expect(SAFETY_CATEGORIES).toEqual(['sexual_minors', 'sexual_real_person', 'hate', 'self_harm', 'threat', 'weapons_crime']);
  });

  it('recognises a category and nothing else', () => {
    for (const category of SAFETY_CATEGORIES) expect(isSafetyCategory(category)).toBe(true);
    for (const other of ['profanity', 'sexual', '', null, 3]) expect(isSafetyCategory(other)).toBe(false);
  });
});
