import type { Manner } from '@jokes/domain';
import { absurdist } from './absurdist.manner.js';
import { awkward } from './awkward.manner.js';
import { character } from './character.manner.js';
import { charmingHost } from './charming-host.manner.js';
import { dark } from './dark.manner.js';
import { deadpan } from './deadpan.manner.js';
import { highEnergy } from './high-energy.manner.js';
import type { MannerTemplates } from './manner-templates.js';
import { musical } from './musical.manner.js';
import { observational } from './observational.manner.js';
import { political } from './political.manner.js';
import { rant } from './rant.manner.js';
import { selfDeprecating } from './self-deprecating.manner.js';
import { storyteller } from './storyteller.manner.js';
import { wordplay } from './wordplay.manner.js';

export type { MannerTemplates } from './manner-templates.js';

// A Record, so a manner added to the domain without templates fails to compile.
export const MANNER_TEMPLATES: Readonly<Record<Manner, MannerTemplates>> = {
  observational,
  deadpan,
  wordplay,
  storyteller,
  rant,
  'self-deprecating': selfDeprecating,
  absurdist,
  political,
  awkward,
  'high-energy': highEnergy,
  dark,
  musical,
  character,
  'charming-host': charmingHost,
};
