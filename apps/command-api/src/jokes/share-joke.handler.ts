import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ShareJokeResponse } from '@jokes/contracts';
import { jokeDecider, jokeStreamId } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, formatCursor, handleCommand, type EventStore } from '@jokes/event-store';
import { ShareJokeCommand } from './share-joke.command.js';

/** Plumbing only: a share of a joke that exists is always recorded. */
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
        // A popular joke is shared and rated by many at once; none of that changes whether this share happened.
        retries: 3,
      },
    );
    // A share always appends, so the position is the new event's.
    return { position: formatCursor(result.position!) };
  }
}
