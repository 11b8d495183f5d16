import type { EventMetadata } from '../port/types.js';

/** What a decider returns: an event's type and data; the store adds the rest. */
export interface DomainEvent {
  type: string;
  data: unknown;
}

/** An event as `evolve` sees it: with the metadata it was stored with (or is about to be). */
export type RecordedEvent<Event extends DomainEvent> = Event & { metadata: EventMetadata };

/**
 * An aggregate's pure rules (emmett's and EventSourcing.NodeJS's decider):
 * `decide` turns a command into events given the state and the inputs the
 * handler gathered (time, ids, prices: the context); `evolve` folds an event
 * into the state. Most deciders ignore the metadata `evolve` also receives;
 * one that must recognise a cause it already recorded (a redelivered webhook)
 * can read it there.
 */
export interface Decider<Command, Event extends DomainEvent, State, Context> {
  decide(command: Command, state: State, context: Context): Event[];
  evolve(state: State, event: RecordedEvent<Event>): State;
  initialState(): State;
}
