import { WrongExpectedVersionError } from '../port/errors.js';
import type { EventStore } from '../port/event-store.port.js';
import type { Cursor, EventMetadata, ExpectedVersion } from '../port/types.js';
import { aggregateStream, type AggregatedStream } from './aggregate-stream.js';
import type { Decider, DomainEvent } from './decider.js';

export interface HandleCommandOptions<Context> {
  /** The inputs `decide` needs besides the state: time, ids, prices, what a provider answered. */
  context: Context;
  /** Put on every appended event (see `eventMetadata`). */
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
  /**
   * The caller has just made the stream's id (a new random id), so the stream
   * cannot exist yet: decide on the initial state and append with `no_stream`
   * without reading it first, one round trip less. Should it exist after all,
   * the append is refused (WrongExpectedVersionError) and nothing is written.
   */
  newStream?: boolean;
  /**
   * The command decides on the stream's first events and its last one alone:
   * what created the aggregate, which no later event changes, and the
   * aggregate's last word, which ends it (a share needs the joke that was
   * generated, and whether it was withdrawn: nothing is decided after that).
   * Only versions 1 to `decidesOnFirst` and the last event are read, so the
   * cost does not grow with the stream, and the new events go after whatever
   * is there by then (`stream_exists`), so writers at once never conflict.
   * Only for a command whose rules read nothing else.
   */
  decidesOnFirst?: bigint;
  /**
   * The command's rules read nothing of the stream (what a visitor did never
   * depends on what they did before): decide on the initial state without
   * reading, and append after whatever the stream holds (`any`), so writers at
   * once (two tabs) all land and the cost does not grow with the stream.
   */
  readsNothing?: boolean;
}

export interface CommandResult<Event, State> {
  /** What this command appended. */
  newEvents: Event[];
  /** The state the decision was made on (of the last attempt): what the new events replaced. */
  previousState: State;
  newState: State;
  /** The stream's version after the command (with `decidesOnFirst` and nothing appended: the last version read). */
  nextExpectedVersion: bigint;
  /** Of the last event appended, or of the stream's last event when nothing was; null for a stream that does not exist. */
  position: Cursor | null;
  /** True when nothing new was written because the store recognised the event ids of an earlier append. */
  duplicate: boolean;
}

/** The version the append expects: the one read, or any once the stream exists when only its start was read, or any at all when nothing was. */
function expectedVersionAfter(read: bigint, { decidesOnFirst, readsNothing }: Pick<HandleCommandOptions<unknown>, 'decidesOnFirst' | 'readsNothing'>): ExpectedVersion {
  if (readsNothing) return 'any';
  if (read === 0n) return 'no_stream';
  return decidesOnFirst === undefined ? read : 'stream_exists';
}

/**
 * The one write path (DESIGN.md decision 13): read the stream, fold it, decide
 * (each of several commands on the state the previous ones left), append with
 * the version read as the expected version (`no_stream` for a new stream).
 * Retried requests are the HTTP layer's concern (the Idempotency-Key, which
 * records the first answer in the transaction of the append), not this one's.
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
  for (let attempt = 0; ; attempt++) {
    const stream: AggregatedStream<State> = options.newStream || options.readsNothing
      ? { state: decider.initialState(), version: 0n, position: null, events: [] }
      : await aggregateStream(store, streamId, decider, options.decidesOnFirst, options.decidesOnFirst !== undefined);

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
        { expectedVersion: expectedVersionAfter(stream.version, options) },
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
      // A stream the caller said was new exists: deciding again on it would be deciding something else.
      if (!(error instanceof WrongExpectedVersionError) || options.newStream || attempt >= (options.retries ?? 0)) throw error;
    }
  }
}
