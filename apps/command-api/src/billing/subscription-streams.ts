import { Inject, Injectable } from '@nestjs/common';
import { subscriptionStateOf, subscriptionStreamId, type SubscriptionEvent, type SubscriptionState } from '@jokes/domain';
import { formatCursor, PostgresEventStore, WrongExpectedVersionError, type EventMetadata, type StoredEvent } from '@jokes/event-store';

export interface LoadedSubscription {
  state: SubscriptionState;
  events: StoredEvent[];
  version: bigint;
  /** Position of the stream's last event, for a command that appends nothing. */
  position: string | null;
}

export interface Appended {
  appended: number;
  position: string | null;
  state: SubscriptionState;
}

/** Concurrent webhooks for one user are rare; a few retries settle them. */
const MAX_ATTEMPTS = 5;

/**
 * Plumbing around `subscription-{userId}`: load and fold, decide, append with
 * the expected version; on a conflict, load again and decide again.
 */
@Injectable()
export class SubscriptionStreams {
  constructor(@Inject(PostgresEventStore) private readonly store: PostgresEventStore) {}

  async load(userId: string): Promise<LoadedSubscription> {
    const events = await this.store.readStream(subscriptionStreamId(userId));
    const last = events[events.length - 1];
    return {
      state: subscriptionStateOf(events),
      events,
      version: last?.streamVersion ?? 0n,
      position: last ? formatCursor(last) : null,
    };
  }

  async execute(
    userId: string,
    decide: (loaded: LoadedSubscription) => SubscriptionEvent[],
    metadata: EventMetadata,
    eventId?: (index: number) => string,
  ): Promise<Appended> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.load(userId);
      const events = decide(loaded);
      if (events.length === 0) return { appended: 0, position: loaded.position, state: loaded.state };
      try {
        const result = await this.store.append(
          subscriptionStreamId(userId),
          events.map((event, index) => ({ type: event.type, data: event.data, eventId: eventId?.(index), metadata })),
          { expectedVersion: loaded.version === 0n ? 'no_stream' : loaded.version },
        );
        return { appended: result.duplicate ? 0 : events.length, position: formatCursor(result.position), state: subscriptionStateOf([...loaded.events, ...events]) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
