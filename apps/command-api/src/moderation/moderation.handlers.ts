import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { JokeTakedownResponse, ReportJokeResponse } from '@jokes/contracts';
import { jokeStreamId, type JokeGenerated } from '@jokes/domain';
import { EVENT_STORE, type EventStore } from '@jokes/event-store';
import { SpeechService } from '../voice/speech.service.js';
import { DismissJokeReportsCommand, ReportJokeCommand, WithdrawJokeCommand } from './moderation.commands.js';
import { runJokeCommand } from './run-joke-command.js';

/** Plumbing only: the joke's stream decides whether this user's report is new. */
@CommandHandler(ReportJokeCommand)
export class ReportJokeHandler implements ICommandHandler<ReportJokeCommand, ReportJokeResponse> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ input, origin }: ReportJokeCommand): Promise<ReportJokeResponse> {
    return runJokeCommand(this.store, { type: 'ReportJoke', data: input }, input.userId, origin);
  }
}

/**
 * The staff member is the actor; the joke's stream decides whether it is
 * still up. Once it is withdrawn its narrations are forgotten (a second
 * withdrawal forgets again, which mends one whose forgetting failed).
 */
@CommandHandler(WithdrawJokeCommand)
export class WithdrawJokeHandler implements ICommandHandler<WithdrawJokeCommand, JokeTakedownResponse> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SpeechService) private readonly speech: SpeechService,
  ) {}

  async execute({ input: { staffId, jokeId, reason }, origin }: WithdrawJokeCommand): Promise<JokeTakedownResponse> {
    const answer = await runJokeCommand(this.store, { type: 'WithdrawJoke', data: { jokeId, reason } }, staffId, origin);
    const [generated] = await this.store.readStream(jokeStreamId(jokeId), { toVersion: 1n });
    if (generated?.type === 'JokeGenerated') await this.speech.forget(jokeId, (generated.data as JokeGenerated['data']).content);
    return answer;
  }
}

@CommandHandler(DismissJokeReportsCommand)
export class DismissJokeReportsHandler implements ICommandHandler<DismissJokeReportsCommand, JokeTakedownResponse> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ input: { staffId, jokeId }, origin }: DismissJokeReportsCommand): Promise<JokeTakedownResponse> {
    return runJokeCommand(this.store, { type: 'DismissJokeReports', data: { jokeId } }, staffId, origin);
  }
}
