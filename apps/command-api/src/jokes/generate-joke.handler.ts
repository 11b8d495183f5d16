import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GenerateJokeResponse } from '@jokes/contracts';
import { checkGenerateAccess, jokeDecider, jokeStreamId, type JokeGenerated } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, formatCursor, handleCommand, type EventStore } from '@jokes/event-store';
import { GenerateJokeCommand } from './generate-joke.command.js';
import { EntitlementsService } from './entitlements.service.js';
import { JokeWriter } from './writers/joke-writer.port.js';

/**
 * Plumbing only: check access before paying for a generation, write the joke,
 * let the decider turn it into an event on the joke's new stream.
 */
@CommandHandler(GenerateJokeCommand)
export class GenerateJokeHandler implements ICommandHandler<GenerateJokeCommand, GenerateJokeResponse> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JokeWriter) private readonly writer: JokeWriter,
    @Inject(EntitlementsService) private readonly entitlements: EntitlementsService,
  ) {}

  async execute({ input, origin }: GenerateJokeCommand): Promise<GenerateJokeResponse> {
    const isPro = await this.entitlements.isPro(input.userId);
    const request = {
      comedianStyle: input.comedianStyle,
      length: input.length,
      topic: input.topic,
      bypassPremiumCheck: input.bypassPremiumCheck,
      aiSuggestTopic: input.suggestTopic,
    };
    const { comedian } = checkGenerateAccess(request, isPro);

    const written = await this.writer.write({
      comedian,
      topic: input.topic,
      length: input.length,
      suggestTopic: input.suggestTopic,
      payer: isPro ? 'pro' : 'free',
    });
    const jokeId = randomUUID();
    const now = new Date();
    const result = await handleCommand(
      this.store,
      jokeStreamId(jokeId),
      jokeDecider,
      { type: 'GenerateJoke', data: { jokeId, userId: input.userId, ...request } },
      {
        context: { now, isPro, written },
        metadata: eventMetadata({ ...origin, actor: input.userId ?? 'anonymous', causationId: randomUUID(), time: now, command: 'GenerateJoke' }),
        // The id was made just above: nothing to read.
        newStream: true,
      },
    );
    const generated = result.newEvents.find((event): event is JokeGenerated => event.type === 'JokeGenerated')!;
    return {
      id: generated.data.jokeId,
      content: generated.data.content,
      comedian_style: generated.data.comedianStyle,
      topic: generated.data.topic,
      length: generated.data.length,
      created_at: generated.data.generatedAt,
      user_id: generated.data.userId,
      rating: null,
      position: formatCursor(result.position!),
    };
  }
}
