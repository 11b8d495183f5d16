import type { AppendOptions, EventStore, PersonIndex, ReadStreamOptions, SubscribeOptions } from '../port/event-store.port.js';
import type { AppendResult, Cursor, NewEvent, StoredEvent } from '../port/types.js';
import type { PersonalDataCodec } from './personal-data-codec.js';

/**
 * Any event store with crypto-shredding in front (DESIGN.md decision 16):
 * appends seal the personal fields with the person's key before they reach
 * the store, every read opens them again, or shows them erased once the key is
 * destroyed. The store underneath never sees a personal field in plain, and
 * passes its contract suite unchanged.
 */
export class PersonalDataEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly codec: PersonalDataCodec,
  ) {}

  async append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    return this.inner.append(streamId, await this.codec.seal(events), options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.codec.open(await this.inner.readStream(streamId, options));
  }

  async readAll(after: Cursor, limit?: number): Promise<StoredEvent[]> {
    return this.codec.open(await this.inner.readAll(after, limit));
  }

  async readByPerson(personId: string, index: PersonIndex): Promise<StoredEvent[]> {
    return this.codec.open(await this.inner.readByPerson(personId, index));
  }

  head(): Promise<Cursor> {
    return this.inner.head();
  }

  async *subscribe(after: Cursor, options: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    for await (const batch of this.inner.subscribe(after, options)) yield await this.codec.open(batch);
  }
}
