import type { AppendOptions, AppendResult, Cursor, EventStore, NewEvent, PersonIndex, ReadStreamOptions, StoredEvent, SubscribeOptions } from '@jokes/event-store';
import { UnitOfWork, type Queryable } from './unit-of-work.js';

/**
 * The command API's event store: the composition root's store, except inside
 * a unit of work (a request with an Idempotency-Key), where appends join the
 * unit's transaction and stream reads after the first append see what it
 * wrote. So the key's result commits with the events or not at all, whatever
 * the handler does: no handler knows about keys.
 */
export class UnitOfWorkEventStore implements EventStore {
  constructor(
    private readonly outside: EventStore,
    /** The same kind of store on the unit's transaction (every statement of it must go through `db`). */
    private readonly onTransaction: (db: Queryable) => EventStore,
  ) {}

  async append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    const unit = UnitOfWork.active();
    if (!unit) return this.outside.append(streamId, events, options);
    return (await unit.eventStore(this.onTransaction)).append(streamId, events, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    const unit = UnitOfWork.active();
    if (!unit?.begun) return this.outside.readStream(streamId, options);
    return (await unit.eventStore(this.onTransaction)).readStream(streamId, options);
  }

  /** Catch-up readers see committed events only, whoever asks. */
  readAll(after: Cursor, limit?: number): Promise<StoredEvent[]> {
    return this.outside.readAll(after, limit);
  }

  /** An export reads committed events only, like the catch-up readers. */
  readByPerson(personId: string, index: PersonIndex): Promise<StoredEvent[]> {
    return this.outside.readByPerson(personId, index);
  }

  head(): Promise<Cursor> {
    return this.outside.head();
  }

  subscribe(after: Cursor, options: SubscribeOptions): AsyncIterable<StoredEvent[]> {
    return this.outside.subscribe(after, options);
  }
}
