import { Inject, Injectable } from '@nestjs/common';
import { isPro, subscriptionDecider, subscriptionStreamId } from '@jokes/domain';
import { aggregateStream, EVENT_STORE, type EventStore } from '@jokes/event-store';

/**
 * Whether a caller may use Pro features, decided from the `subscription-{userId}`
 * stream itself rather than the read model, which may lag behind a webhook
 * that just arrived: the decision is as fresh as the event store.
 */
@Injectable()
export class EntitlementsService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async isPro(userId: string | null): Promise<boolean> {
    if (!userId) return false;
    const { state } = await aggregateStream(this.store, subscriptionStreamId(userId), subscriptionDecider);
    return isPro(state.status);
  }
}
