import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ShareJokeResponse } from '@jokes/contracts';
import { jokeDecider, jokeStreamId } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, formatCursor, handleCommand, type EventStore } from '@jokes/event-store';
import { ShareJokeCommand } from './share-joke.command.js';

/**
 * Plumbing only: a share of a joke that exists is always recorded. A share
 * needs only the joke's first event (that it was generated, its style, length
 * and topic) and its last (a withdrawal, after which the joke takes nothing
 * more), so only those are read, and it is appended after whatever the
 * stream holds by then: a share never fails (409) for another share or a
 * rating written at the same time, and costs the same on the thousandth share.
 * (A share read just before a withdrawal commits can still land after it: the
 * read models drop the joke either way.)
 */
@CommandHandler(ShareJokeCommand)
export class ShareJokeHandler implements ICommandHandler<ShareJokeCommand, ShareJokeResponse> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, origin }: ShareJokeCommand): Promise<ShareJokeResponse> {
    const now = new Date();
    const result = await handleCommand(
      this.store,
      jokeStreamId(input.jokeId),
      jokeDecider,
      { type: 'ShareJoke', data: input },
      {
        context: { now },
        metadata: eventMetadata({ ...origin, actor: input.userId ?? 'anonymous', causationId: randomUUID(), time: now, command: 'ShareJoke' }),
        // JokeGenerated is always version 1: GenerateJoke creates the stream with it (newStream); JokeWithdrawn is its last word.
        decidesOnFirst: 1n,
      },
    );
    // A share always appends, so the position is the new event's.
    return { position: formatCursor(result.position!) };
  }
}
