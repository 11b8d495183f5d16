import { describe, expect, it } from '@jest/globals';
import { visitorDecider, visitorStreamId, type VisitorActivityItem } from '@jokes/domain';
import {
  formatCursor,
  InMemoryEventStore,
  runCommand,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type ReadStreamOptions,
  type StoredEvent,
} from '@jokes/event-store';

/** The in-memory store, remembering each append and which streams were read. */
class RecordingStore extends InMemoryEventStore {
  readonly appends: Array<{ streamId: string; count: number; options?: AppendOptions }> = [];
  readonly streamsRead: string[] = [];
  override append(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    this.appends.push({ streamId, count: events.length, options });
    return super.append(streamId, events, options);
  }
  override readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    this.streamsRead.push(streamId);
    return super.readStream(streamId, options);
  }
}

const visitorId = '0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b';
const origin = { correlationId: 'corr-1' };
const pageView = (path: string): VisitorActivityItem => ({
  name: 'page_view',
  occurredAt: '2026-03-01T09:00:00.000Z',
  path,
  comedianStyle: null,
  length: null,
  topic: null,
  platform: null,
  value: null,
});

/** A batch as the route runs it. */
const record = (store: EventStore, items: VisitorActivityItem[]) =>
  runCommand(store, visitorDecider, visitorStreamId(visitorId), { type: 'RecordVisitorActivity', data: { visitorId, items } }, { actor: 'anonymous', origin, context: { now: new Date() }, readsNothing: true });

describe('RecordVisitorActivity through runCommand, reading nothing', () => {
  it("appends the whole batch in one append to the visitor's stream, whatever its version, without reading it", async () => {
    const store = new RecordingStore();
    await record(store, [pageView('/')]);
    const { answer } = await record(store, [pageView('/history'), pageView('/account')]);

    expect(store.appends).toEqual([
      { streamId: visitorStreamId(visitorId), count: 1, options: { expectedVersion: 'any' } },
      { streamId: visitorStreamId(visitorId), count: 2, options: { expectedVersion: 'any' } },
    ]);
    expect(store.streamsRead).toEqual([]);
    const events = await store.readStream(visitorStreamId(visitorId));
    expect(events.map((event) => event.data)).toEqual(['/', '/history', '/account'].map((path) => expect.objectContaining({ visitorId, path })));
    expect(answer).toEqual(formatCursor(events.at(-1)!));
  });

  it("records the activity as 'anonymous' in the metadata", async () => {
    const store = new InMemoryEventStore();
    await record(store, [pageView('/')]);
    const [event] = await store.readStream(visitorStreamId(visitorId));
    expect(event!.metadata).toMatchObject({ actor: 'anonymous', command: 'RecordVisitorActivity', correlationId: 'corr-1' });
  });
});
