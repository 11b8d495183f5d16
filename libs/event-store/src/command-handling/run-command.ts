import { randomUUID } from 'node:crypto';
import { formatCursor } from '../port/types.js';
import type { EventStore } from '../port/event-store.port.js';
import type { Decider, DomainEvent } from './decider.js';
import { eventMetadata, type CommandOrigin } from './event-metadata.js';
import { handleCommand, type CommandResult, type HandleCommandOptions } from './handle-command.js';

/** How a command reads and appends to its stream: `handleCommand`'s options besides the context and the metadata. */
export type StreamReading = Pick<HandleCommandOptions<unknown>, 'retries' | 'newStream' | 'decidesOnFirst' | 'readsNothing' | 'eventIds'>;

export interface CommandRun<Context extends { now: Date }> extends StreamReading {
  /** Who acts, recorded as every event's `actor`: the caller's user id, 'anonymous', a staff member, a clock. */
  actor: string;
  origin: CommandOrigin;
  /** What `decide` needs besides the state, gathered before the stream is read; its `now` is the command's time. */
  context: Context;
  /** What a path adds to the standard metadata of its own (see `eventMetadata`). */
  extraMetadata?: Readonly<Record<string, unknown>>;
  /** The outside event the command answers (a webhook delivery's id); a new id otherwise. */
  causationId?: string;
  /** The name people read in the metadata, where the route's name is not the decider's command's (a checkout's `CreateSubscription`). */
  commandName?: string;
}

export interface CommandRunResult<Event, State> extends CommandResult<Event, State> {
  /**
   * The position a reader sends back as X-Consistent-Position: of what was
   * appended, or, when the decider had nothing to add (a repeat), of the
   * stream's newest event, which still covers what the caller will read; null
   * for a stream that does not exist.
   */
  answer: string | null;
}

/**
 * The one way a command runs, whatever its stream: decide on the stream with
 * the context given (`handleCommand`), append with the standard metadata (the
 * command's name and time, the actor, the request's origin, a new causation
 * id), and answer the position to read from. Several commands are decided in
 * order, each on the state the previous ones left, and appended together
 * (their names joined with commas in the metadata).
 */
export async function runCommand<Command extends { type: string }, Event extends DomainEvent, State, Context extends { now: Date }>(
  store: EventStore,
  decider: Decider<Command, Event, State, Context>,
  streamId: string,
  command: Command | readonly Command[],
  { actor, origin, context, extraMetadata, causationId = randomUUID(), commandName, ...reading }: CommandRun<Context>,
): Promise<CommandRunResult<Event, State>> {
  const name = commandName ?? (Array.isArray(command) ? command : [command]).map(({ type }: Command) => type).join(',');
  const result = await handleCommand(store, streamId, decider, command, {
    ...reading,
    context,
    metadata: eventMetadata({ ...origin, actor, causationId, time: context.now, command: name }, extraMetadata),
  });
  return { ...result, answer: result.position ? formatCursor(result.position) : null };
}
