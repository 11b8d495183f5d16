import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UnpublishJokeResponse } from '@jokes/contracts';
import { jokeDecider, jokeStreamId } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, formatCursor, handleCommand, type EventStore } from '@jokes/event-store';
import { UnpublishJokeCommand } from './unpublish-joke.command.js';

/**
 * Plumbing only. Like a share, it reads the joke's first event (whose it is)
 * and its last: a last JokeUnpublished makes a second press append nothing,
 * and any other last event (a share, a rating) may hide an earlier unpublish,
 * in which case a second JokeUnpublished is appended, which changes nothing
 * anyone reads. So a joke shared 50,000 times costs the same to take down.
 */
@CommandHandler(UnpublishJokeCommand)
export class UnpublishJokeHandler implements ICommandHandler<UnpublishJokeCommand, UnpublishJokeResponse> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, origin }: UnpublishJokeCommand): Promise<UnpublishJokeResponse> {
    const now = new Date();
    const result = await handleCommand(this.store, jokeStreamId(input.jokeId), jokeDecider, { type: 'UnpublishJoke', data: input }, {
      context: { now },
      metadata: eventMetadata({ ...origin, actor: input.userId, causationId: randomUUID(), time: now, command: 'UnpublishJoke' }),
      // JokeGenerated (the owner) is version 1; JokeUnpublished or JokeWithdrawn as the last word decide the rest.
      decidesOnFirst: 1n,
    });
    return { id: input.jokeId, position: result.position ? formatCursor(result.position) : null };
  }
}
