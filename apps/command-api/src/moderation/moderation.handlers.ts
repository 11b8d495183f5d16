import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { JokeTakedownResponse, ReportJokeResponse } from '@jokes/contracts';
import { EVENT_STORE, type EventStore } from '@jokes/event-store';
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

/** Plumbing only: the staff member is the actor; the joke's stream decides whether it is still up. */
@CommandHandler(WithdrawJokeCommand)
export class WithdrawJokeHandler implements ICommandHandler<WithdrawJokeCommand, JokeTakedownResponse> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ input: { staffId, jokeId, reason }, origin }: WithdrawJokeCommand): Promise<JokeTakedownResponse> {
    return runJokeCommand(this.store, { type: 'WithdrawJoke', data: { jokeId, reason } }, staffId, origin);
  }
}

@CommandHandler(DismissJokeReportsCommand)
export class DismissJokeReportsHandler implements ICommandHandler<DismissJokeReportsCommand, JokeTakedownResponse> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ input: { staffId, jokeId }, origin }: DismissJokeReportsCommand): Promise<JokeTakedownResponse> {
    return runJokeCommand(this.store, { type: 'DismissJokeReports', data: { jokeId } }, staffId, origin);
  }
}
