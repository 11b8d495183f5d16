import { randomUUID } from 'node:crypto';
import { jokeDecider, jokeStreamId, type DismissJokeReports, type ReportJoke, type WithdrawJoke } from '@jokes/domain';
import { eventMetadata, formatCursor, handleCommand, type CommandOrigin, type EventStore } from '@jokes/event-store';

export type ModerationCommand = ReportJoke | WithdrawJoke | DismissJokeReports;

/**
 * The plumbing every moderation command shares: decide on the joke's stream
 * and answer the position to read from, also when the decider had nothing to
 * add (a second report by the same user, a joke already withdrawn).
 */
export async function runJokeCommand(store: EventStore, command: ModerationCommand, actor: string, origin: CommandOrigin): Promise<{ id: string; position: string | null }> {
  const now = new Date();
  const result = await handleCommand(store, jokeStreamId(command.data.jokeId), jokeDecider, command, {
    context: { now },
    metadata: eventMetadata({ ...origin, actor, causationId: randomUUID(), time: now, command: command.type }),
    // Ratings, shares and other reports in between change nothing these decide on.
    retries: 3,
  });
  // Nothing new: the stream's newest position still covers what the caller will read.
  return { id: command.data.jokeId, position: result.position ? formatCursor(result.position) : null };
}
