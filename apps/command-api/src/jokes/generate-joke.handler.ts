import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ContentRefusedBody, GenerateJokeResponse } from '@jokes/contracts';
import { checkGenerateAccess, jokeDecider, jokeStreamId, type Comedian, jokeOnTheWire, type JokeGenerated, type WrittenOrRefused } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, formatCursor, handleCommand, type EventStore } from '@jokes/event-store';
import { GenerateJokeCommand } from './generate-joke.command.js';
import { EntitlementsService } from './entitlements.service.js';
import { contentRefusedBody } from './safety/content-refusal.js';
import { ContentSafety } from './safety/content-safety.port.js';
import { JokeWriter } from './writers/joke-writer.port.js';

/**
 * A joke, or the moderator's refusal. A refusal is an outcome rather than an
 * exception: its JokeRefused must be committed, and a request that throws has
 * its appends rolled back (the Idempotency-Key's unit of work).
 */
export type GenerateJokeOutcome = { refused: false; joke: GenerateJokeResponse } | { refused: true; body: ContentRefusedBody };

/**
 * Plumbing only: check access, then the topic, before paying for a generation;
 * write the joke and check it before anyone sees it; let the decider turn the
 * outcome into an event on the joke's new stream (JokeRefused keeps no text).
 *
 * The premium check comes first: it is free, says nothing about the topic, and
 * a free user asking for a premium style is told to upgrade whatever they typed.
 */
@CommandHandler(GenerateJokeCommand)
export class GenerateJokeHandler implements ICommandHandler<GenerateJokeCommand, GenerateJokeOutcome> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JokeWriter) private readonly writer: JokeWriter,
    @Inject(EntitlementsService) private readonly entitlements: EntitlementsService,
    @Inject(ContentSafety) private readonly safety: ContentSafety,
  ) {}

  async execute({ input, origin }: GenerateJokeCommand): Promise<GenerateJokeOutcome> {
    const isPro = await this.entitlements.isPro(input.userId);
    const request = {
      comedianStyle: input.comedianStyle,
      length: input.length,
      topic: input.topic,
      bypassPremiumCheck: input.bypassPremiumCheck,
      aiSuggestTopic: input.aiSuggestTopic,
    };
    const { comedian } = checkGenerateAccess(request, isPro);

    const outcome = await this.writeChecked(input, comedian, isPro);
    const jokeId = randomUUID();
    const now = new Date();
    const result = await handleCommand(
      this.store,
      jokeStreamId(jokeId),
      jokeDecider,
      { type: 'GenerateJoke', data: { jokeId, userId: input.userId, ...request } },
      {
        context: { now, isPro, ...outcome },
        metadata: eventMetadata({ ...origin, actor: input.userId ?? 'anonymous', causationId: randomUUID(), time: now, command: 'GenerateJoke' }),
        // The id was made just above: nothing to read.
        newStream: true,
      },
    );
    if (outcome.refusal) return { refused: true, body: contentRefusedBody(outcome.refusal) };
    const generated = result.newEvents.find((event): event is JokeGenerated => event.type === 'JokeGenerated')!;
    return { refused: false, joke: { ...jokeOnTheWire(generated.data), rating: null, position: formatCursor(result.position!) } };
  }

  /**
   * The topic is judged before the writer runs, so a refused topic costs no
   * upstream call and nothing of the spend ceiling; the joke, and a topic the
   * writer suggested, are judged before they are stored or shown.
   */
  private async writeChecked(
    input: GenerateJokeCommand['input'],
    comedian: Comedian,
    isPro: boolean,
  ): Promise<WrittenOrRefused> {
    const moderator = this.safety.moderatorName;
    if (input.topic.trim() !== '') {
      const verdict = await this.safety.checkTopic(input.topic);
      if (!verdict.allowed) return { refusal: { stage: 'topic', category: verdict.category, moderator } };
    }
    const written = await this.writer.write({
      comedian,
      topic: input.topic,
      length: input.length,
      aiSuggestTopic: input.aiSuggestTopic,
      visitor: input.visitor,
      payer: isPro ? 'pro' : 'free',
    });
    const verdicts = [await this.safety.checkJoke(written.content)];
    if (written.topicSuggested) verdicts.push(await this.safety.checkTopic(written.topic));
    const refused = verdicts.find((verdict) => !verdict.allowed);
    if (refused && !refused.allowed) return { refusal: { stage: 'joke', category: refused.category, moderator } };
    return { written };
  }
}
