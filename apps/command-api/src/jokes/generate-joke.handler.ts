import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { GenerateJokeResponse } from '@jokes/contracts';
import { checkGenerateAccess, decide, initialState, type JokeGenerated } from '@jokes/domain';
import { formatCursor, PostgresEventStore } from '@jokes/event-store';
import { GenerateJokeCommand } from './generate-joke.command.js';
import { EntitlementsService } from './entitlements.service.js';
import { JokeWriter } from './writers/joke-writer.port.js';

/**
 * Plumbing only: check access before paying for a generation, write the joke,
 * let the decider turn it into an event, append it to a new stream.
 */
@CommandHandler(GenerateJokeCommand)
export class GenerateJokeHandler implements ICommandHandler<GenerateJokeCommand, GenerateJokeResponse> {
  constructor(
    @Inject(PostgresEventStore) private readonly store: PostgresEventStore,
    @Inject(JokeWriter) private readonly writer: JokeWriter,
    @Inject(EntitlementsService) private readonly entitlements: EntitlementsService,
  ) {}

  async execute({ input, context }: GenerateJokeCommand): Promise<GenerateJokeResponse> {
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
    });
    const jokeId = randomUUID();
    const events = decide(
      { type: 'GenerateJoke', data: { jokeId, userId: input.userId, ...request } },
      initialState,
      { now: new Date(), isPro, written },
    );
    const commandId = randomUUID();
    const result = await this.store.append(
      `joke-${jokeId}`,
      events.map((event) => ({
        type: event.type,
        data: event.data,
        metadata: {
          correlationId: context.correlationId,
          causationId: commandId,
          actor: input.userId ?? 'anonymous',
          traceparent: context.traceparent,
          command: 'GenerateJoke',
        },
      })),
      { expectedVersion: 'no_stream' },
    );
    const generated = events.find((event): event is JokeGenerated => event.type === 'JokeGenerated')!;
    return {
      id: generated.data.jokeId,
      content: generated.data.content,
      comedian_style: generated.data.comedianStyle,
      topic: generated.data.topic,
      length: generated.data.length,
      created_at: generated.data.generatedAt,
      user_id: generated.data.userId,
      rating: null,
      position: formatCursor(result.position),
    };
  }
}
