import type { EventStore } from '../port/event-store.port.js';
import type { Cursor, StoredEvent } from '../port/types.js';
import type { Decider, DomainEvent, RecordedEvent } from './decider.js';

export interface AggregatedStream<State> {
  state: State;
  /** The version of the last event read (the one to expect next when the whole stream was read); 0 when the stream does not exist. */
  version: bigint;
  /** Where the stream's last event is in the all-events order; null when the stream does not exist. */
  position: Cursor | null;
  events: StoredEvent[];
}

/**
 * Reads a stream (up to `toVersion` where given, and then also its last
 * event where `andLast` asks) and folds it into the decider's state.
 */
export async function aggregateStream<Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<never, Event, State, never>, 'evolve' | 'initialState'>,
  toVersion?: bigint,
  andLast = false,
): Promise<AggregatedStream<State>> {
  const [head, tail] = await Promise.all([
    store.readStream(streamId, toVersion === undefined ? {} : { toVersion }),
    andLast && toVersion !== undefined ? store.readStream(streamId, { last: 1 }) : [],
  ]);
  const events = tail[0] && tail[0].streamVersion > (head.at(-1)?.streamVersion ?? 0n) ? [...head, tail[0]] : head;
  const last = events.at(-1);
  return {
    state: events.reduce((state, event) => decider.evolve(state, event as unknown as RecordedEvent<Event>), decider.initialState()),
    // The last event's version, not the number of events read: the two agree
    // only while every stream is read from its first event.
    version: last?.streamVersion ?? 0n,
    position: last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : null,
    events,
  };
}
