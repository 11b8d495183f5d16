import { MANNERS, type Manner, type Tier } from './manners.js';
import { PREMIUM_BY_MANNER } from './premium-comedians.js';

export interface Comedian {
  readonly name: string;
  readonly tier: Tier;
  /** On the Make Me Laugh list, which may pick it even for a free user (SPEC section 9). */
  readonly makeMeLaugh: boolean;
  readonly manner: Manner;
}

/** The eleven free styles (SPEC section 9), in the order the selector lists them. */
const FREE_STYLES: ReadonlyArray<readonly [name: string, manner: Manner]> = [
  ['Jerry Seinfeld', 'observational'],
  ['Dave Chappelle', 'storyteller'],
  ['Ali Wong', 'dark'],
  ['John Mulaney', 'storyteller'],
  ['Chris Rock', 'rant'],
  ['Sarah Silverman', 'deadpan'],
  ['Kevin Hart', 'high-energy'],
  ['Jim Gaffigan', 'self-deprecating'],
  ['Bill Burr', 'rant'],
  ['Amy Schumer', 'self-deprecating'],
  ['Trevor Noah', 'political'],
];

/**
 * The 26 names Make Me Laugh picks from (SPEC section 9). Every free style plus
 * fifteen premium ones: the one-click button is a taste of the premium tier.
 */
const MAKE_ME_LAUGH_NAMES: readonly string[] = [
  ...FREE_STYLES.map(([name]) => name),
  'Robin Williams',
  'Richard Pryor',
  'George Carlin',
  'Joan Rivers',
  'Eddie Murphy',
  'Steve Martin',
  'Mitch Hedberg',
  'Ellen DeGeneres',
  "Conan O'Brien",
  'Tina Fey',
  'Steven Wright',
  'Wanda Sykes',
  'Hasan Minhaj',
  'Tig Notaro',
  'Nate Bargatze',
];

const normalizeName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

const makeMeLaugh = new Set(MAKE_ME_LAUGH_NAMES.map(normalizeName));

const comedian = (name: string, tier: Tier, manner: Manner): Comedian =>
  Object.freeze({ name, tier, makeMeLaugh: makeMeLaugh.has(normalizeName(name)), manner });

export const FREE_COMEDIANS: readonly Comedian[] = FREE_STYLES.map(([name, manner]) => comedian(name, 'free', manner));

/** Sorted by name, so a long selector list can be scanned. */
export const PREMIUM_COMEDIANS: readonly Comedian[] = MANNERS.flatMap((manner) =>
  PREMIUM_BY_MANNER[manner].map((name) => comedian(name, 'premium', manner)),
)
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Free styles first, then premium ones. */
export const COMEDIANS: readonly Comedian[] = [...FREE_COMEDIANS, ...PREMIUM_COMEDIANS];

const byName = new Map(COMEDIANS.map((entry) => [normalizeName(entry.name), entry]));

/** Looks a style up as a user may type it: case and surrounding spaces do not matter. */
export function findComedian(name: string): Comedian | undefined {
  return byName.get(normalizeName(name));
}

export const MAKE_ME_LAUGH_COMEDIANS: readonly Comedian[] = COMEDIANS.filter((entry) => entry.makeMeLaugh);
