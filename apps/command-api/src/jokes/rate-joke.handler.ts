import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RateJokeResponse } from '@jokes/contracts';
import { jokeDecider, jokeStreamId } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, formatCursor, handleCommand, type EventStore } from '@jokes/event-store';
import { RateJokeCommand } from './rate-joke.command.js';

/** Plumbing only: the joke's stream decides whether the rating is new. */
@CommandHandler(RateJokeCommand)
export class RateJokeHandler implements ICommandHandler<RateJokeCommand, RateJokeResponse> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, origin }: RateJokeCommand): Promise<RateJokeResponse> {
    const now = new Date();
    const result = await handleCommand(
      this.store,
      jokeStreamId(input.jokeId),
      jokeDecider,
      { type: 'RateJoke', data: input },
      {
        context: { now },
        metadata: eventMetadata({ ...origin, actor: input.userId, causationId: randomUUID(), time: now, command: 'RateJoke' }),
        // Another reader's rating or share in between changes nothing this user's rating depends on.
        retries: 3,
      },
    );
    // The same rating again appends nothing: the joke's newest position still covers it.
    return { id: input.jokeId, rating: input.rating, position: result.position ? formatCursor(result.position) : null };
  }
}
