import { Inject, Injectable } from '@nestjs/common';
import { userDecider, userStreamId, type UserCommand, type UserEvent, type UserState } from '@jokes/domain';
import { aggregateStream, EVENT_STORE, runCommand, type CommandRunResult, type EventStore } from '@jokes/event-store';
import type { Acting } from '../http/command-origin.js';

/** A concurrent step on the same user (a sign-in while confirming) is rare; a couple of retries absorb it. */
const RETRIES = 2;

/**
 * The user decider on the event-store port: every account step of
 * `user-{id}` goes through `runCommand` here, with the clock read here,
 * never in the domain.
 */
@Injectable()
export class UserCommands {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async state(userId: string): Promise<UserState> {
    return (await aggregateStream(this.store, userStreamId(userId), userDecider)).state;
  }

  /** Decides the commands in order (each on the state the previous ones left) and appends them together. */
  async execute(
    userId: string,
    commands: readonly UserCommand[],
    acting: Acting,
    /** What a command needs besides the clock (RequestAccountDeletion: erasureDueAt). */
    extra: { erasureDueAt?: Date; now?: Date } = {},
  ): Promise<CommandRunResult<UserEvent, UserState>> {
    const now = extra.now ?? new Date();
    const { actor, ...origin } = acting;
    return runCommand(this.store, userDecider, userStreamId(userId), commands, {
      actor,
      origin,
      context: extra.erasureDueAt ? { now, erasureDueAt: extra.erasureDueAt } : { now },
      retries: RETRIES,
    });
  }
}
