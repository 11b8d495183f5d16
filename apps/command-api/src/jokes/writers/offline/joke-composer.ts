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
  /** The punchline (or a one-liner's twist) to land on; drawn at random when absent. */
  punch?: string;
}

/**
 * Picks the fragments for a joke of exactly `sentences` sentences, in the
 * shape stand-up uses: setup, beats, punchline, then a tag once there is room.
 *   1: lead + twist in one sentence
 *   2: setup, punchline
 *   3: setup, beat or (punchline, tag)
 *   n >= 4: setup, n - 3 beats, punchline, tag
 */
export function composeJoke({ templates, topic, sentences, random, punch }: Composition): { content: string; punch: string } {
  if (!Number.isInteger(sentences) || sentences < 1) throw new RangeError(`Cannot write a joke of ${sentences} sentences`);

  const values: SlotValues = { topic, ...drawLexicon(topic, random) };

  const { fragments, punch: landed } = pickFragments(templates, sentences, random, punch);
  return { content: fragments.map((fragment) => renderTemplate(fragment, values)).join(' '), punch: landed };
}

/** One word per slot, never the topic itself ('the DMV' at the DMV). */
function drawLexicon(topic: string, random: Random): Record<LexiconSlot, string> {
  const draw = (slot: LexiconSlot): string =>
    random.pick(LEXICON[slot].filter((word) => word.toLowerCase() !== topic.toLowerCase()));
  return { person: draw('person'), place: draw('place'), thing: draw('thing'), animal: draw('animal'), number: draw('number') };
}

// A given punch skips its draw; the other draws keep their order, so a seed without one writes what it always did.
function pickFragments(templates: MannerTemplates, sentences: number, random: Random, punch?: string): { fragments: string[]; punch: string } {
  if (sentences === 1) {
    const lead = random.pick(templates.oneLinerLeads);
    const twist = punch ?? random.pick(templates.oneLinerTwists);
    return { fragments: [`${lead}, ${twist}`], punch: twist };
  }

  const setup = random.pick(templates.setups);
  const punchline = punch ?? random.pick(templates.punchlines);
  const landing = (fragments: string[]) => ({ fragments, punch: punchline });
  if (sentences === 2) return landing([setup, punchline]);
  if (sentences === 3) {
    return landing(
      random.next() < 0.5
        ? [setup, random.pick(templates.beats), punchline]
        : [setup, punchline, random.pick(templates.tags)],
    );
  }
  return landing([setup, ...random.sample(templates.beats, sentences - 3), punchline, random.pick(templates.tags)]);
}
