import { WrongExpectedVersionError } from '../errors.js';
import type { EventStore } from '../event-store.port.js';
import type { Cursor, EventMetadata, StoredEvent } from '../types.js';
import { aggregateStream, type AggregatedStream } from './aggregate-stream.js';
import type { Decider, DomainEvent, RecordedEvent } from './decider.js';

export interface HandleCommandOptions<Context> {
  /** The inputs `decide` needs besides the state: time, ids, prices, what a provider answered. */
  context: Context;
  /** Put on every appended event (see `eventMetadata`). With an `idempotencyKey`, a repeated command answers the first result. */
  metadata?: EventMetadata;
  /**
   * How many times to read, decide and append again when another writer
   * appended to the stream in between (default 0: the WrongExpectedVersionError
   * reaches the caller). Allow it where deciding again on the newer state is
   * right for the command: the context it was given still holds.
   */
  retries?: number;
  /** The id of the n-th appended event, when the caller derives them (a redelivery then writes once). */
  eventIds?: (index: number) => string;
}

export interface CommandResult<Event, State> {
  /** What this command appended (or, for a repeated idempotency key, what the first one did). */
  newEvents: Event[];
  /** The state the decision was made on (of the last attempt): what the new events replaced. */
  previousState: State;
  newState: State;
  /** The stream's version after the command. */
  nextExpectedVersion: bigint;
  /** Of the last event appended, or of the stream's last event when nothing was; null for a stream that does not exist. */
  position: Cursor | null;
  /** True when nothing new was written because the store or the idempotency key recognised a repeat. */
  duplicate: boolean;
}

/**
 * The one write path (DESIGN.md decision 13): read the stream, fold it, decide
 * (each of several commands on the state the previous ones left), append with
 * the version read as the expected version (`no_stream` for a new stream).
 */
export async function handleCommand<Command, Event extends DomainEvent, State, Context>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State, Context>,
  command: Command | readonly Command[],
  options: HandleCommandOptions<Context>,
): Promise<CommandResult<Event, State>> {
  const commands = (Array.isArray(command) ? command : [command]) as readonly Command[];
  const metadata = options.metadata ?? {};
  const key = metadata.idempotencyKey;
  for (let attempt = 0; ; attempt++) {
    const stream = await aggregateStream(store, streamId, decider);
    const repeated = key === undefined ? undefined : firstResultOf(stream, decider, key);
    if (repeated) return repeated;

    let state = stream.state;
    const newEvents: Event[] = [];
    for (const next of commands) {
      const decided = decider.decide(next, state, options.context);
      newEvents.push(...decided);
      state = decided.reduce((folded, event) => decider.evolve(folded, { ...event, metadata }), state);
    }
    if (newEvents.length === 0) {
      return { newEvents, previousState: stream.state, newState: state, nextExpectedVersion: stream.version, position: stream.position, duplicate: false };
    }
    try {
      const appended = await store.append(
        streamId,
        newEvents.map((event, index) => ({ type: event.type, data: event.data, eventId: options.eventIds?.(index), metadata })),
        { expectedVersion: stream.version === 0n ? 'no_stream' : stream.version },
      );
      return {
        newEvents,
        previousState: stream.state,
        newState: state,
        nextExpectedVersion: appended.nextExpectedVersion,
        position: appended.position,
        duplicate: appended.duplicate,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt < (options.retries ?? 0)) continue;
      // The writer that got there first may have been this same command, sent twice.
      const winner = key === undefined ? undefined : firstResultOf(await aggregateStream(store, streamId, decider), decider, key);
      if (winner) return winner;
      throw error;
    }
  }
}

/** The result of the command that already recorded `key` on the stream, if one did. */
function firstResultOf<Command, Event extends DomainEvent, State, Context>(
  stream: AggregatedStream<State>,
  decider: Decider<Command, Event, State, Context>,
  key: string,
): CommandResult<Event, State> | undefined {
  const isKeyed = (event: StoredEvent) => event.metadata.idempotencyKey === key;
  const lastIndex = stream.events.findLastIndex(isKeyed);
  if (lastIndex < 0) return undefined;
  // One append holds all of a command's events, so they are contiguous.
  const firstIndex = stream.events.findIndex(isKeyed);
  const fold = (events: readonly StoredEvent[]) =>
    events.reduce((state, event) => decider.evolve(state, event as unknown as RecordedEvent<Event>), decider.initialState());
  const last = stream.events[lastIndex]!;
  return {
    newEvents: stream.events.slice(firstIndex, lastIndex + 1).map(({ type, data }) => ({ type, data }) as Event),
    previousState: fold(stream.events.slice(0, firstIndex)),
    newState: fold(stream.events.slice(0, lastIndex + 1)),
    nextExpectedVersion: last.streamVersion,
    position: { transactionId: last.transactionId, globalPosition: last.globalPosition },
    duplicate: true,
  };
}
