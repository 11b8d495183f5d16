import { describe, expect, it } from '@jest/globals';
import { describeEventStoreContract } from '../contract/event-store.contract.js';
import { InMemoryEventStore } from './in-memory-event-store.js';

describeEventStoreContract('in-memory', async () => ({ store: new InMemoryEventStore(), dispose: async () => undefined }));

describe('in-memory event store', () => {
  it('stamps events with the time of its clock', async () => {
    const now = new Date('2026-03-04T05:06:07Z');
    const store = new InMemoryEventStore({ now: () => now });
    await store.append('clocked', [{ type: 'Ticked', data: {} }]);
    expect((await store.readStream('clocked'))[0]!.createdAt).toEqual(now);
  });

  it('hands readers copies, so changing what was read changes nothing stored', async () => {
    const store = new InMemoryEventStore();
    await store.append('guarded', [{ type: 'Counted', data: { n: 1 } }]);
    const [read] = await store.readStream('guarded');
    (read!.data as { n: number }).n = 2;
    read!.metadata.actor = 'someone';
    const [stored] = await store.readStream('guarded');
    expect([stored!.data, stored!.metadata]).toEqual([{ n: 1 }, {}]);
  });
});
