import type { DismissJokeReports, ReportJoke, WithdrawJoke } from '@jokes/domain';
import type { CommandOrigin } from '@jokes/event-store';

/** A user reports a joke; `userId` is the verified caller's, never taken from the body. */
export class ReportJokeCommand {
  constructor(
    readonly input: ReportJoke['data'],
    readonly origin: CommandOrigin,
  ) {}
}

/** Support takes a joke down; `staffId` (the caller, holder of a support role) is the events' actor. */
export class WithdrawJokeCommand {
  constructor(
    readonly input: WithdrawJoke['data'] & { staffId: string },
    readonly origin: CommandOrigin,
  ) {}
}

/** Support leaves a reported joke up. */
export class DismissJokeReportsCommand {
  constructor(
    readonly input: DismissJokeReports['data'] & { staffId: string },
    readonly origin: CommandOrigin,
  ) {}
}
