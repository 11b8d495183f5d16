import type { Random } from '../seeded-random.js';
import { RecentJokes } from '../recent-jokes.js';
import type { JokeForm } from '../joke-forms.js';
import type { FormPreferences } from './form-preferences.js';
import { thompsonChoice, UNIFORM_PRIOR } from './thompson-sampling.js';

/** A form shown to a visitor is not shown to them again within their next five jokes. */
export const FORMS_KEPT_APART = 5;

export interface FormChoice {
  comedianStyle: string;
  /** Who the joke is for (see JokeRequest.visitor); without one nothing is remembered. */
  visitor?: string;
  forms: readonly JokeForm[];
  random: Random;
}

/**
 * Chooses the form of the next joke: never one of the last five shown to the
 * visitor, and among the others by Thompson sampling over the style's learned
 * state, or uniformly when there is none (no preferences configured, or the
 * read did not come back in time).
 */
export class FormChooser {
  // Per visitor, their last five forms (in-process and bounded, like RecentJokes' use for texts).
  private readonly recent = new RecentJokes(FORMS_KEPT_APART, 10_000);

  constructor(private readonly preferences?: FormPreferences) {}

  async choose({ comedianStyle, visitor, forms, random }: FormChoice): Promise<JokeForm> {
    const fresh = visitor === undefined ? forms : forms.filter((form) => !this.recent.has(visitor, form.id));
    // Every manner has more forms of each kind than are kept apart (a spec holds them to it); this is only a guard.
    const candidates = fresh.length > 0 ? fresh : forms;
    const learned = await this.preferences?.of(comedianStyle);
    const form = learned
      ? thompsonChoice(candidates, (candidate) => learned.get(candidate.id) ?? UNIFORM_PRIOR, random)
      : random.pick(candidates);
    if (visitor !== undefined) this.recent.remember(visitor, form.id);
    return form;
  }
}
