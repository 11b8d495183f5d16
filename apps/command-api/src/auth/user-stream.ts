import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { decideUser, evolveUser, initialUserState, userStreamId, type UserCommand, type UserEvent, type UserState } from '@jokes/domain';
import { PostgresEventStore, WrongExpectedVersionError } from '@jokes/event-store';
import type { AuthRequestContext } from './gotrue/auth-request.js';

export interface Decided {
  events: UserEvent[];
  state: UserState;
}

/** Who asked, for the events' metadata. */
export type StepContext = Pick<AuthRequestContext, 'correlationId' | 'traceparent'> & { actor: string };

/** A concurrent step on the same user (a sign-in while confirming) is rare; a few retries absorb it. */
const ATTEMPTS = 3;

/**
 * The write path of `user-{id}`: load, let the pure decider decide, append
 * with the version it decided on. The clock is read here, never in the domain.
 */
@Injectable()
export class UserStream {
  constructor(@Inject(PostgresEventStore) private readonly store: PostgresEventStore) {}

  async load(userId: string): Promise<{ state: UserState; version: bigint }> {
    const stored = await this.store.readStream(userStreamId(userId));
    const state = stored.map((event) => event as unknown as UserEvent).reduce(evolveUser, initialUserState);
    return { state, version: BigInt(stored.length) };
  }

  /** Decides the commands in order (each sees the last one's events) and appends them together. */
  async execute(userId: string, commands: readonly UserCommand[], context: StepContext): Promise<Decided> {
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await this.load(userId);
      const now = new Date();
      let next = state;
      const events: UserEvent[] = [];
      for (const command of commands) {
        const decided = decideUser(command, next, { now });
        events.push(...decided);
        next = decided.reduce(evolveUser, next);
      }
      if (events.length === 0) return { events, state: next };
      const causationId = randomUUID();
      try {
        await this.store.append(
          userStreamId(userId),
          events.map((event) => ({
            type: event.type,
            data: event.data,
            metadata: {
              correlationId: context.correlationId,
              causationId,
              actor: context.actor,
              traceparent: context.traceparent,
              command: commands.map((command) => command.type).join(','),
            },
          })),
          { expectedVersion: version === 0n ? 'no_stream' : version },
        );
        return { events, state: next };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}
