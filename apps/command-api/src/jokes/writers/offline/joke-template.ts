import { LEXICON_SLOTS, type LexiconSlot } from './lexicon.js';

/**
 * Templates are plain strings with slots: `{topic}`, `{person}`, `{place}`,
 * `{thing}`, `{animal}`, `{number}`. The slot's spelling sets its case:
 * `{Topic}` capitalises the first letter (to start a sentence), `{TOPIC}`
 * shouts it.
 */
export type SlotValues = Record<'topic' | LexiconSlot, string>;

export const SLOT_NAMES: readonly string[] = ['topic', ...LEXICON_SLOTS];

const SLOT = /\{([A-Za-z]+)\}/g;

const isSlot = (values: SlotValues, key: string): key is keyof SlotValues => Object.hasOwn(values, key);

/** 'the DMV' -> 'The DMV', but 'iPhones' and 'eBay' keep their own spelling. */
export function capitalize(text: string): string {
  if (/^[a-z]+[A-Z]/.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function slotsIn(template: string): string[] {
  return [...template.matchAll(SLOT)].map((match) => match[1] ?? '');
}

export function renderTemplate(template: string, values: SlotValues): string {
  return template.replace(SLOT, (_match, slot: string) => {
    const key = slot.toLowerCase();
    if (!isSlot(values, key)) throw new Error(`Unknown slot {${slot}} in template: ${template}`);
    const value = values[key];
    if (slot === key) return value;
    if (slot === slot.toUpperCase()) return value.toUpperCase();
    return capitalize(value);
  });
}
