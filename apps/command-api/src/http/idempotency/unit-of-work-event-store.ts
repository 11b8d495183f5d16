import { PostgresEventStore, type AppendResult, type NewEvent, type StoredEvent } from '@jokes/event-store';
import { UnitOfWork } from './unit-of-work.js';

type AppendOptions = Parameters<PostgresEventStore['append']>[2];
type ReadStreamOptions = Parameters<PostgresEventStore['readStream']>[1];

/**
 * The command API's event store: as PostgreSQL's, except inside a unit of work
 * (a request with an Idempotency-Key), where appends join the unit's
 * transaction and stream reads after the first append see what it wrote. So
 * the key's result commits with the events or not at all, whatever the
 * handler does: no handler knows about keys.
 */
export class UnitOfWorkEventStore extends PostgresEventStore {
  override async append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    const unit = UnitOfWork.active();
    if (!unit) return super.append(streamId, events, options);
    return (await unit.eventStore()).append(streamId, events, options);
  }

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    const unit = UnitOfWork.active();
    if (!unit?.begun) return super.readStream(streamId, options);
    return (await unit.eventStore()).readStream(streamId, options);
  }
}
