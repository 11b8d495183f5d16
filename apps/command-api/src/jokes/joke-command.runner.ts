import { Inject, Injectable } from '@nestjs/common';
import {
  checkGenerateAccess,
  jokeDecider,
  jokeStreamId,
  type Comedian,
  type GenerateJoke,
  type GenerateJokeContext,
  type JokeCommand,
  type JokeContext,
  type JokeEvent,
  type JokeState,
  type WrittenOrRefused,
} from '@jokes/domain';
import { EVENT_STORE, runCommand, type CommandOrigin, type CommandRunResult, type EventStore } from '@jokes/event-store';
import { EntitlementsService } from './entitlements.service.js';
import { ContentSafety } from './safety/content-safety.port.js';
import { JokeWriter } from './writers/joke-writer.port.js';

/** Who runs a joke command, and from where. */
export interface JokeCommandCaller {
  /** The events' actor: the caller's user id, 'anonymous', or the staff member. */
  actor: string;
  origin: CommandOrigin;
  /** GenerateJoke only: who the joke is shown to, for the writer's variety (see JokeRequest.visitor); never stored. */
  visitor?: string;
}

/**
 * The one way a joke command runs: the route hands over the domain command
 * (the contract's body in the domain's words, the caller checked), the
 * providers a command needs are called here, before the stream is read, and
 * `runCommand` decides on the joke's stream, appends with the metadata and
 * answers the position.
 */
@Injectable()
export class JokeCommandRunner {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JokeWriter) private readonly writer: JokeWriter,
    @Inject(EntitlementsService) private readonly entitlements: EntitlementsService,
    @Inject(ContentSafety) private readonly safety: ContentSafety,
  ) {}

  async run(command: JokeCommand, caller: JokeCommandCaller): Promise<CommandRunResult<JokeEvent, JokeState>> {
    const context = await this.contextOf(command, caller);
    return runCommand(this.store, jokeDecider, jokeStreamId(command.data.jokeId), command, {
      ...jokeDecider.reading[command.type],
      actor: caller.actor,
      origin: caller.origin,
      context,
    });
  }

  /** The providers, in one place: only generate calls any (the subscription, the moderator, the writer); the rest need the clock. */
  private async contextOf(command: JokeCommand, caller: JokeCommandCaller): Promise<JokeContext> {
    if (command.type === 'GenerateJoke') return this.generateContext(command, caller.visitor);
    return { now: new Date() };
  }

  /**
   * Check access, then the topic, before paying for a generation; write the
   * joke and check it before anyone sees it; the decider turns the outcome
   * into an event on the joke's new stream (JokeRefused keeps no text).
   *
   * The premium check comes first: it is free, says nothing about the topic, and
   * a free user asking for a premium style is told to upgrade whatever they typed.
   */
  private async generateContext({ data }: GenerateJoke, visitor: string | undefined): Promise<GenerateJokeContext> {
    const isPro = await this.entitlements.isPro(data.userId);
    const { comedian } = checkGenerateAccess(data, isPro);
    const outcome = await this.writeChecked(data, comedian, isPro, visitor);
    return { now: new Date(), isPro, ...outcome };
  }

  /**
   * The topic is judged before the writer runs, so a refused topic costs no
   * upstream call and nothing of the spend ceiling; the joke, and a topic the
   * writer suggested, are judged before they are stored or shown.
   */
  private async writeChecked(data: GenerateJoke['data'], comedian: Comedian, isPro: boolean, visitor: string | undefined): Promise<WrittenOrRefused> {
    const moderator = this.safety.moderatorName;
    if (data.topic.trim() !== '') {
      const verdict = await this.safety.checkTopic(data.topic);
      if (!verdict.allowed) return { refusal: { stage: 'topic', category: verdict.category, moderator } };
    }
    const written = await this.writer.write({
      comedian,
      topic: data.topic,
      length: data.length,
      aiSuggestTopic: data.aiSuggestTopic,
      visitor,
      payer: isPro ? 'pro' : 'free',
    });
    const verdicts = [await this.safety.checkJoke(written.content)];
    if (written.topicSuggested) verdicts.push(await this.safety.checkTopic(written.topic));
    const refused = verdicts.find((verdict) => !verdict.allowed);
    if (refused && !refused.allowed) return { refusal: { stage: 'joke', category: refused.category, moderator } };
    return { written };
  }
}
