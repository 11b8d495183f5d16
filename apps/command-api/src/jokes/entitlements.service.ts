import { Inject, Injectable } from '@nestjs/common';
import { isPro, subscriptionStateOf, subscriptionStreamId } from '@jokes/domain';
import { PostgresEventStore } from '@jokes/event-store';

/**
 * Whether a caller may use Pro features, decided from the `subscription-{userId}`
 * stream itself rather than the read model, which may lag behind a webhook
 * that just arrived: the decision is as fresh as the event store.
 */
@Injectable()
export class EntitlementsService {
  constructor(@Inject(PostgresEventStore) private readonly store: PostgresEventStore) {}

  async isPro(userId: string | null): Promise<boolean> {
    if (!userId) return false;
    const state = subscriptionStateOf(await this.store.readStream(subscriptionStreamId(userId)));
    return isPro(state.status);
  }
}
