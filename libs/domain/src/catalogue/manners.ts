export type Tier = 'free' | 'premium';

/**
 * The comedic archetype a comedian is best known for. It is what a joke writer
 * imitates ('in the style of'): openers, rhythm and devices, never the
 * comedian's own material.
 */
export const MANNERS = [
  'observational',
  'deadpan',
  'wordplay',
  'storyteller',
  'rant',
  'self-deprecating',
  'absurdist',
  'political',
  'awkward',
  'high-energy',
  'dark',
  'musical',
  'character',
  'charming-host',
] as const;

export type Manner = (typeof MANNERS)[number];
