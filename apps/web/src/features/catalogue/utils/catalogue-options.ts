import type { ComedianEntry, LengthEntry } from '@jokes/contracts';

/** One entry of a gated dropdown: locked entries open the subscription prompt instead. */
export interface CatalogueOption {
  value: string;
  label: string;
  locked: boolean;
}

// SPEC 5: dropdown item values must not be empty strings.
const hasValue = (value: string) => value.trim() !== '';

/** SPEC 5: without an active subscription only free comedians can be chosen. */
export function toComedianOptions(comedians: readonly ComedianEntry[], isSubscribed: boolean): CatalogueOption[] {
  return comedians
    .filter(({ name }) => hasValue(name))
    .map(({ name, tier }) => ({ value: name, label: name, locked: tier === 'premium' && !isSubscribed }));
}

/** SPEC 5: without an active subscription only the free length (short) can be chosen. */
export function toLengthOptions(lengths: readonly LengthEntry[], isSubscribed: boolean): CatalogueOption[] {
  return lengths
    .filter(({ value }) => hasValue(value))
    .map(({ value, label, description, tier }) => ({
      value,
      label: `${label} (${description})`,
      locked: tier === 'premium' && !isSubscribed,
    }));
}

/**
 * The style the selector starts on, so a first visit can press Generate Joke
 * at once: the catalogue's first free comedian, never a premium one (a free
 * user could not generate with it), whoever is signed in.
 */
export function defaultComedian(comedians: readonly ComedianEntry[]): string | undefined {
  return comedians.find(({ name, tier }) => tier === 'free' && hasValue(name))?.name;
}

/** The comedians on the Make Me Laugh list (SPEC 9). */
export function makeMeLaughPool(comedians: readonly ComedianEntry[]): string[] {
  return comedians.filter(({ name, makeMeLaugh }) => makeMeLaugh && hasValue(name)).map(({ name }) => name);
}

/** A uniformly random item; `random` is injectable so tests can pin the pick. */
export function pickRandom<T>(items: readonly T[], random: () => number = Math.random): T | undefined {
  if (items.length === 0) return undefined;
  return items[Math.min(Math.floor(random() * items.length), items.length - 1)];
}
