import { describe, expect, it } from '@jest/globals';
import { findComedian, MANNERS, type Comedian, type JokeRated, type JokeRating } from '@jokes/domain';
import { formPosteriors, formRatingsReadModel, MemoryReadModel } from '@jokes/read-models';
import type { JokeRequest } from '../../joke-writer.port.js';
import { formsOf } from '../joke-forms.js';
import { OfflineJokeWriter } from '../offline-joke-writer.js';
import { FORMS_KEPT_APART } from './form-chooser.js';
import { CachedFormPreferences, type FormPreferences } from './form-preferences.js';

const comedian = findComedian('Jerry Seinfeld') as Comedian;
const FORMS = formsOf(comedian.manner, 'punchline').map((form) => form.id);
const request = (visitor: string): JokeRequest => ({ comedian, topic: 'airline food', length: 'short', aiSuggestTopic: false, visitor });

/** The learned state as the projectors keep it (the form_ratings evolve) and the writer reads it (formPosteriors). */
class Audience implements FormPreferences {
  private readonly ratings = new MemoryReadModel(formRatingsReadModel);
  private jokes = 0;

  rate(form: string, userId: string, rating: JokeRating): void {
    const event: JokeRated = {
      type: 'JokeRated',
      data: { jokeId: `joke-${++this.jokes}`, userId, rating, previousRating: null, comedianStyle: comedian.name, length: 'short', topic: 'airline food', form, ratedAt: '2026-11-27T10:00:00.000Z' },
    };
    this.ratings.apply(event);
  }

  async of(style: string) {
    return style === comedian.name ? formPosteriors(this.ratings.rows()) : undefined;
  }
}

const formOf = async (writer: OfflineJokeWriter, visitor: string): Promise<string> => {
  const { form } = await writer.write(request(visitor));
  if (!form) throw new Error('the offline writer named no form');
  return form;
};

const counts = (forms: string[]) => forms.reduce((tally, form) => tally.set(form, (tally.get(form) ?? 0) + 1), new Map<string, number>());

describe("the offline writer's choice of form", () => {
  it("prefers the form a style's audience rates higher after 300 ratings", async () => {
    const audience = new Audience();
    const writer = new OfflineJokeWriter({ preferences: audience });
    const [favourite] = FORMS;
    // Sixty visitors see five jokes each and rate them: the favourite five stars, the rest two or three.
    for (let joke = 0; joke < 300; joke++) {
      const visitor = `v${joke % 60}`;
      const form = await formOf(writer, `user:${visitor}`);
      audience.rate(form, visitor, form === favourite ? 5 : ((2 + (joke % 2)) as JokeRating));
    }
    // Then new visitors, one joke each (nothing kept apart): uniform choice would give it one in nine.
    const chosen = await Promise.all(Array.from({ length: 200 }, (_, index) => formOf(writer, `user:new-${index}`)));
    expect(counts(chosen).get(favourite!) ?? 0).toBeGreaterThan(120);
  });

  it("keeps preferring what thirty people rate highest when one user rates their own jokes five stars in a loop", async () => {
    const audience = new Audience();
    const [liked, looped] = FORMS;
    for (let user = 0; user < 30; user++) {
      audience.rate(liked!, `u${user}`, 5);
      audience.rate(looped!, `u${user}`, 2);
    }
    for (let loop = 0; loop < 500; loop++) audience.rate(looped!, 'looper', 5);
    const writer = new OfflineJokeWriter({ preferences: audience });
    const chosen = counts(await Promise.all(Array.from({ length: 200 }, (_, index) => formOf(writer, `user:new-${index}`))));
    expect(chosen.get(liked!) ?? 0).toBeGreaterThan(120);
    expect(chosen.get(looped!) ?? 0).toBeLessThan(10);
  });

  it('still tries a form nobody has rated yet', async () => {
    const audience = new Audience();
    const [unseen, ...rated] = FORMS;
    for (let user = 0; user < 40; user++) for (const form of rated) audience.rate(form, `u${user}`, 4);
    const writer = new OfflineJokeWriter({ preferences: audience });
    const chosen = await Promise.all(Array.from({ length: 300 }, (_, index) => formOf(writer, `user:new-${index}`)));
    expect(counts(chosen).get(unseen!) ?? 0).toBeGreaterThan(5);
  });

  it("never repeats a form within a visitor's last five jokes", async () => {
    const audience = new Audience();
    // An audience that loves one form above all: the learning writer would show it every time if it could.
    for (let user = 0; user < 50; user++) audience.rate(FORMS[0]!, `u${user}`, 5);
    for (const writer of [new OfflineJokeWriter({ preferences: audience }), new OfflineJokeWriter()]) {
      const shown = [];
      for (let joke = 0; joke < 60; joke++) shown.push(await formOf(writer, 'user:one-visitor'));
      for (let index = 0; index < shown.length; index++) {
        const window = shown.slice(Math.max(0, index - FORMS_KEPT_APART), index);
        expect(window).not.toContain(shown[index]);
      }
    }
  });

  it('has more forms of each kind in every manner than a visitor has kept apart', () => {
    for (const manner of MANNERS) {
      for (const kind of ['punchline', 'twist'] as const) {
        const forms = formsOf(manner, kind);
        expect(forms.length).toBeGreaterThan(FORMS_KEPT_APART);
        expect(new Set(forms.map((form) => form.id)).size).toBe(forms.length);
      }
    }
  });

  it('names the form of a seeded joke too, the same for the same seed', async () => {
    const first = await new OfflineJokeWriter().write({ ...request('user:x'), seed: 'same' });
    const second = await new OfflineJokeWriter().write({ ...request('user:y'), seed: 'same' });
    expect(FORMS).toContain(first.form);
    expect(second).toEqual(first);
  });

  it('chooses uniformly while the learned state is missing, and a slow read never holds a joke up for long', async () => {
    const hanging = { query: () => new Promise<never>(() => undefined) };
    const writer = new OfflineJokeWriter({ preferences: new CachedFormPreferences(hanging as never, { waitMs: 20 }) });
    const started = Date.now();
    const chosen = [];
    for (let joke = 0; joke < 450; joke++) chosen.push(await formOf(writer, `user:v${joke}`));
    expect(Date.now() - started).toBeLessThan(2000);
    // Nine forms, fifty each on average; a learned or stuck choice would pile onto a few.
    for (const form of FORMS) expect(counts(chosen).get(form) ?? 0).toBeGreaterThan(20);
  });
});
