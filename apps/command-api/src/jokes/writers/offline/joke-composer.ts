import { renderTemplate, type SlotValues } from './joke-template.js';
import { LEXICON, type LexiconSlot } from './lexicon.js';
import type { MannerTemplates } from './manners/index.js';
import type { Random } from './seeded-random.js';

export interface Composition {
  templates: MannerTemplates;
  /** Already cleaned: no sentence-ending marks. */
  topic: string;
  sentences: number;
  random: Random;
}

/**
 * Picks the fragments for a joke of exactly `sentences` sentences, in the
 * shape stand-up uses: setup, beats, punchline, then a tag once there is room.
 *   1: lead + twist in one sentence
 *   2: setup, punchline
 *   3: setup, beat or (punchline, tag)
 *   n >= 4: setup, n - 3 beats, punchline, tag
 */
export function composeJoke({ templates, topic, sentences, random }: Composition): string {
  if (!Number.isInteger(sentences) || sentences < 1) throw new RangeError(`Cannot write a joke of ${sentences} sentences`);

  const values: SlotValues = { topic, ...drawLexicon(topic, random) };

  const fragments = pickFragments(templates, sentences, random);
  return fragments.map((fragment) => renderTemplate(fragment, values)).join(' ');
}

/** One word per slot, never the topic itself ('the DMV' at the DMV). */
function drawLexicon(topic: string, random: Random): Record<LexiconSlot, string> {
  const draw = (slot: LexiconSlot): string =>
    random.pick(LEXICON[slot].filter((word) => word.toLowerCase() !== topic.toLowerCase()));
  return { person: draw('person'), place: draw('place'), thing: draw('thing'), animal: draw('animal'), number: draw('number') };
}

function pickFragments(templates: MannerTemplates, sentences: number, random: Random): string[] {
  if (sentences === 1) return [`${random.pick(templates.oneLinerLeads)}, ${random.pick(templates.oneLinerTwists)}`];

  const setup = random.pick(templates.setups);
  const punchline = random.pick(templates.punchlines);
  if (sentences === 2) return [setup, punchline];
  if (sentences === 3) {
    return random.next() < 0.5
      ? [setup, random.pick(templates.beats), punchline]
      : [setup, punchline, random.pick(templates.tags)];
  }
  return [setup, ...random.sample(templates.beats, sentences - 3), punchline, random.pick(templates.tags)];
}
