/**
 * Words the templates draw for their other slots. Each slot is drawn once per
 * joke, so a person met in the setup is the same person in the punchline.
 * Entries carry their own article and never contain a full stop.
 */
export const LEXICON = {
  person: [
    'my aunt', 'my landlord', 'my dentist', 'my neighbor', 'my ex', 'my accountant', 'my barber',
    'my mother-in-law', 'my boss', 'my uncle', 'my roommate', 'my personal trainer', 'my cousin', 'my mail carrier',
  ],
  place: [
    'the DMV', 'a Costco', 'a wedding', 'the airport', 'a dinner party', 'the grocery store', 'a parent-teacher conference',
    'a hotel breakfast buffet', 'the post office', "a kid's birthday party", 'the bank', 'a baby shower', 'a yard sale', 'the car wash',
  ],
  thing: [
    'a toaster', 'a rotisserie chicken', 'a folding chair', 'a fax machine', 'a scented candle', 'a lawn flamingo',
    'a rice cooker', 'a treadmill', 'a lava lamp', 'a garden gnome', 'a label maker', 'a waffle iron',
  ],
  animal: [
    'a raccoon', 'a goose', 'a pigeon', 'an alpaca', 'a possum', 'a golden retriever',
    'a seagull', 'a squirrel', 'a llama', 'a hamster', 'a ferret', 'a very small horse',
  ],
  // Always plural and spelled out: digits would invite '3.5' and break sentence counting.
  number: ['three', 'four', 'five', 'seven', 'nine', 'eleven', 'twelve', 'fifteen', 'forty'],
} as const satisfies Record<string, readonly string[]>;

export type LexiconSlot = keyof typeof LEXICON;

export const LEXICON_SLOTS = Object.keys(LEXICON) as LexiconSlot[];
