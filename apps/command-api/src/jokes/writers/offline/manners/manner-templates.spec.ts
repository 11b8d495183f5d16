import { describe, expect, it } from '@jest/globals';
import { MANNERS } from '@jokes/domain';
import { renderTemplate, SLOT_NAMES, slotsIn, type SlotValues } from '../joke-template.js';
import { LEXICON, LEXICON_SLOTS } from '../lexicon.js';
import { EVERYDAY_TOPICS } from '../topics.js';
import { MANNER_TEMPLATES } from './index.js';

// One sentence: no sentence mark until the end, which may be a run like '?!'.
const ONE_SENTENCE = /^[^.!?]+[.!?]+$/;

const sampleValues = (topic: string): SlotValues => ({
  topic,
  person: 'my mother-in-law',
  place: "a kid's birthday party",
  thing: 'a lava lamp',
  animal: 'an alpaca',
  number: 'forty',
});

const entries = MANNERS.map((manner) => [manner, MANNER_TEMPLATES[manner]] as const);

describe('manner templates', () => {
  it.each(entries)('%s: every fragment is one sentence, for any kind of topic', (_manner, templates) => {
    const sentences = [...templates.setups, ...templates.beats, ...templates.punchlines, ...templates.tags];
    const oneLiners = templates.oneLinerLeads.flatMap((lead) => templates.oneLinerTwists.map((twist) => `${lead}, ${twist}`));
    for (const topic of ['my cat', 'airline food', 'iPhones']) {
      for (const template of [...sentences, ...oneLiners]) {
        const text = renderTemplate(template, sampleValues(topic));
        expect(text).toMatch(ONE_SENTENCE);
        // Capitalised, except a brand that spells itself in lower case ('iPhones and I...').
        expect(text).toMatch(/^(?:[A-Z]|[a-z]+[A-Z])/);
      }
    }
  });

  it.each(entries)('%s: uses only known slots', (_manner, templates) => {
    const all = Object.values(templates).flat();
    for (const template of all) {
      for (const slot of slotsIn(template)) expect(SLOT_NAMES).toContain(slot.toLowerCase());
    }
  });

  it.each(entries)('%s: names the topic in every setup and one-liner lead', (_manner, templates) => {
    for (const template of [...templates.setups, ...templates.oneLinerLeads]) {
      expect(slotsIn(template).map((slot) => slot.toLowerCase())).toContain('topic');
    }
  });

  it.each(entries)('%s: splits one-liners into an unpunctuated lead and a punctuated twist', (_manner, templates) => {
    for (const lead of templates.oneLinerLeads) expect(lead).not.toMatch(/[.!?,]$/);
    for (const twist of templates.oneLinerTwists) expect(twist).toMatch(/^[a-z].*[.!?]$/);
  });

  it.each(entries)('%s: has enough of each fragment for long jokes and for variety', (_manner, templates) => {
    expect(templates.beats.length).toBeGreaterThanOrEqual(7);
    expect(templates.setups.length).toBeGreaterThanOrEqual(6);
    expect(templates.punchlines.length).toBeGreaterThanOrEqual(6);
    expect(templates.tags.length).toBeGreaterThanOrEqual(4);
    expect(templates.oneLinerLeads.length * templates.oneLinerTwists.length).toBeGreaterThanOrEqual(70);
  });

  it('never repeats a fragment, within a manner or across manners', () => {
    const all = entries.flatMap(([, templates]) => Object.values(templates).flat());
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('slot words and suggested topics', () => {
  it('contain no sentence marks, so they never add a sentence', () => {
    const words = [...LEXICON_SLOTS.flatMap((slot) => LEXICON[slot]), ...EVERYDAY_TOPICS];
    for (const word of words) expect(word).not.toMatch(/[.!?]/);
  });

  it('has no duplicate suggested topics', () => {
    expect(new Set(EVERYDAY_TOPICS).size).toBe(EVERYDAY_TOPICS.length);
  });
});
