import type { JokeEvent } from './joke.events.js';

type FieldOf<Type extends JokeEvent['type']> = keyof Extract<JokeEvent, { type: Type }>['data'] & string;

/**
 * The joke events that are a person's, and the field naming them: what they
 * did on jokes' streams (their own or anyone's), which their export lists and
 * the event store indexes (`EventStore.readByPerson`; on PostgreSQL one index
 * per field, event-store migration 6). A report, and its retraction, name its
 * author as `reporterId`: its joke's owner is not who reported it. `JokeWithdrawn` names
 * the joke's owner, so their export leaves the joke out.
 */
export const JOKE_PERSON_INDEX = {
  JokeGenerated: 'userId',
  JokeRated: 'userId',
  JokeShared: 'userId',
  JokeReported: 'reporterId',
  JokeReportRetracted: 'reporterId',
  JokeWithdrawn: 'userId',
  JokeUnpublished: 'userId',
} as const satisfies { readonly [Type in JokeEvent['type']]?: FieldOf<Type> };
