import { Inject, Injectable } from '@nestjs/common';
import { JOKE_PERSON_INDEX, subscriptionStreamId, userStreamId } from '@jokes/domain';
import { EVENT_STORE, type EventStore } from '@jokes/event-store';
import type { PersonalEvents } from './personal-data-export.js';

/**
 * A person's events, all through the event store (whichever it is, opened with
 * their key): their own streams, and their acts on jokes' streams found by the
 * store's person index (`readByPerson`).
 */
@Injectable()
export class PersonalEventsReader {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async of(userId: string): Promise<PersonalEvents> {
    const [user, subscription, jokes] = await Promise.all([
      this.store.readStream(userStreamId(userId)),
      this.store.readStream(subscriptionStreamId(userId)),
      this.store.readByPerson(userId, JOKE_PERSON_INDEX),
    ]);
    return { userId, user, subscription, jokes };
  }
}
