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
import { EVENT_STORE, runCommand, type CommandOrigin, type CommandRunResult, type EventStore, type StreamReading } from '@jokes/event-store';
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

/** How each command reads the joke's stream (see handleCommand's options). */
const READING: { readonly [Type in JokeCommand['type']]: StreamReading } = {
  // The route made the id just before: nothing to read.
  GenerateJoke: { newStream: true },
  // Another reader's rating or share in between changes nothing this user's rating depends on.
  RateJoke: { retries: 3 },
  // A share of a joke that exists is always recorded. It needs only the joke's first event (that it was
  // generated, its style, length and topic: JokeGenerated is always version 1) and its last (a withdrawal,
  // after which the joke takes nothing more), so only those are read, and it is appended after whatever the
  // stream holds by then: a share never fails (409) for another share or a rating written at the same time,
  // and costs the same on the thousandth share. (A share read just before a withdrawal commits can still
  // land after it: the read models drop the joke either way.)
  ShareJoke: { decidesOnFirst: 1n },
  // The same reading: a last JokeUnpublished makes a second press append nothing, and any other last event
  // (a share, a rating) may hide an earlier unpublish, in which case a second JokeUnpublished is appended,
  // which changes nothing anyone reads. So a joke shared 50,000 times costs the same to take down.
  UnpublishJoke: { decidesOnFirst: 1n },
  // Ratings, shares and other reports in between change nothing these decide on.
  ReportJoke: { retries: 3 },
  RetractJokeReport: { retries: 3 },
  WithdrawJoke: { retries: 3 },
  DismissJokeReports: { retries: 3 },
};

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
      ...READING[command.type],
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
