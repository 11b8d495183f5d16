import type { Manner } from '@jokes/domain';
import { MANNER_TEMPLATES, type MannerTemplates } from './manners/index.js';
import { hashString } from './seeded-random.js';

/**
 * A form is one of the offline writer's template families: the punchline a joke
 * of two sentences or more lands on, or the twist that ends a one-liner. The
 * punch is what an audience laughs at or not, so it is what ratings teach the
 * writer to choose (per comedian style); setups, beats and tags still vary freely.
 */
export interface JokeForm {
  /** Stable across reorderings of the lists: `{manner}/{kind}/{hash of the template}`. Editing a template makes a new form. */
  id: string;
  template: string;
}

export type FormKind = 'punchline' | 'twist';

const KIND_TEMPLATES: Readonly<Record<FormKind, (templates: MannerTemplates) => readonly string[]>> = {
  punchline: (templates) => templates.punchlines,
  twist: (templates) => templates.oneLinerTwists,
};

export const formKindFor = (sentences: number): FormKind => (sentences === 1 ? 'twist' : 'punchline');

const catalogue = new Map<string, readonly JokeForm[]>();

/** The forms a joke of this manner and kind can take, in template order. */
export function formsOf(manner: Manner, kind: FormKind): readonly JokeForm[] {
  const key = `${manner}/${kind}`;
  let forms = catalogue.get(key);
  if (!forms) {
    forms = KIND_TEMPLATES[kind](MANNER_TEMPLATES[manner]).map((template) => ({ id: `${key}/${hashString(template).toString(36)}`, template }));
    catalogue.set(key, forms);
  }
  return forms;
}
