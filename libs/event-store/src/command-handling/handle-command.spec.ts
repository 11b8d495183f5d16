import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { WrongExpectedVersionError } from '../port/errors.js';
import type { AppendOptions, ReadStreamOptions } from '../port/event-store.port.js';
import { InMemoryEventStore } from '../in-memory/in-memory-event-store.js';
import type { EventMetadata, NewEvent, StoredEvent } from '../port/types.js';
import { handleCommand, type HandleCommandOptions } from './handle-command.js';
import { TabClosedError, tabDecider, type TabCommand, type TabContext, type TabEvent } from './tab.decider.fixture.js';

const NOW = new Date('2026-05-01T20:00:00Z');
const opened: TabEvent = { type: 'TabOpened', data: { tabId: 't1', openedAt: NOW.toISOString() } };
const ordered = (drink: string, orderId = `order-${drink}`): TabEvent => ({ type: 'DrinkOrdered', data: { drink, orderId } });
const order = (drink: string): TabCommand => ({ type: 'OrderDrink', data: { drink } });
const close: TabCommand = { type: 'CloseTab', data: {} };

/** The in-memory store, remembering how it was asked to append and which streams it read. */
class RecordingStore extends InMemoryEventStore {
  readonly appends: AppendOptions[] = [];
  readonly streamsRead: string[] = [];
  /** How many events each read returned. */
  readonly eventsRead: number[] = [];
  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    this.streamsRead.push(streamId);
    const events = await super.readStream(streamId, options);
    this.eventsRead.push(events.length);
    return events;
  }
  override append(streamId: string, events: readonly NewEvent[], options: AppendOptions = {}) {
    this.appends.push(options);
    return super.append(streamId, events, options);
  }
  /** Another writer's append, not the handler's. */
  protected appendAsSomeoneElse(streamId: string, events: readonly NewEvent[]) {
    return super.append(streamId, events);
  }
}

/** Another writer orders a drink right after each of the first `times` reads of the stream. */
class RivalStore extends RecordingStore {
  reads = 0;
  constructor(private readonly times: number) {
    super();
  }
  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    const events = await super.readStream(streamId, options);
    if (this.reads++ < this.times) await this.appendAsSomeoneElse(streamId, [ordered('rival', `rival-${this.reads}`)]);
    return events;
  }
}

function given(history: TabEvent[], store: RecordingStore = new RecordingStore()) {
  const streamId = `tab-${randomUUID()}`;
  let ids = 0;
  const context: TabContext = { now: NOW, newId: () => `id-${++ids}` };
  const ready = history.length > 0 ? store.append(streamId, history) : Promise.resolve();
  return {
    store,
    streamId,
    async when(command: TabCommand | TabCommand[], options: Partial<HandleCommandOptions<TabContext>> = {}) {
      await ready;
      store.appends.length = 0;
      return handleCommand(store, streamId, tabDecider, command, { context, ...options });
    },
    async stream() {
      return (await store.readStream(streamId)).map(({ type, data }) => ({ type, data }));
    },
  };
}

describe('handleCommand', () => {
  describe('on a stream that does not exist', () => {
    it('decides on the initial state and creates the stream with no_stream', async () => {
      const tab = given([]);
      const result = await tab.when({ type: 'OpenTab', data: { tabId: 't1' } });
      expect(result.newEvents).toEqual([opened]);
      expect(tab.store.appends).toEqual([{ expectedVersion: 'no_stream' }]);
      expect(result).toMatchObject({ newState: { status: 'open', drinks: [] }, nextExpectedVersion: 1n, duplicate: false });
      expect(result.position).toEqual(await tab.store.head());
      expect(await tab.stream()).toEqual([opened]);
    });

    it('appends nothing and answers no position when the decider decides nothing', async () => {
      const tab = given([]);
      const result = await tab.when(close);
      expect(result).toEqual({ newEvents: [], previousState: { status: 'none' }, newState: { status: 'none' }, nextExpectedVersion: 0n, position: null, duplicate: false });
      expect(tab.store.appends).toEqual([]);
    });
  });

  describe('on a stream the caller has just named (newStream)', () => {
    it('decides on the initial state and appends with no_stream without reading the stream', async () => {
      const store = new RecordingStore();
      const streamId = `tab-${randomUUID()}`;
      const result = await handleCommand(store, streamId, tabDecider, { type: 'OpenTab', data: { tabId: 't1' } }, { context: { now: NOW, newId: randomUUID }, newStream: true });
      expect(store.streamsRead).toEqual([]);
      expect(store.appends).toEqual([{ expectedVersion: 'no_stream' }]);
      expect(result).toMatchObject({ newEvents: [opened], previousState: { status: 'none' }, nextExpectedVersion: 1n, position: await store.head() });
    });

    it('refuses with WrongExpectedVersionError, even with retries allowed, when the stream exists after all', async () => {
      const tab = given([opened]);
      await expect(tab.when({ type: 'OpenTab', data: { tabId: 't1' } }, { newStream: true, retries: 3 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(tab.store.appends).toHaveLength(1);
      expect(await tab.stream()).toEqual([opened]);
    });
  });

  describe('on an existing stream', () => {
    it('folds the stream, decides on its state and appends at the version of its last event', async () => {
      const tab = given([opened, ordered('ale')]);
      const result = await tab.when(close);
      expect(result.newEvents).toEqual([{ type: 'TabClosed', data: { drinks: 1 } }]);
      expect(tab.store.appends).toEqual([{ expectedVersion: 2n }]);
      expect(result).toMatchObject({ previousState: { status: 'open', drinks: ['ale'] }, newState: { status: 'closed', drinks: ['ale'] }, nextExpectedVersion: 3n });
    });

    it('answers the position of the last event when the decider decides nothing', async () => {
      const tab = given([opened, { type: 'TabClosed', data: { drinks: 0 } }]);
      const result = await tab.when(close);
      expect(result).toMatchObject({ newEvents: [], nextExpectedVersion: 2n, position: await tab.store.head() });
      expect(tab.store.appends).toEqual([]);
    });

    it('lets a domain error through and appends nothing', async () => {
      const tab = given([opened, { type: 'TabClosed', data: { drinks: 0 } }]);
      await expect(tab.when(order('ale'))).rejects.toBeInstanceOf(TabClosedError);
      expect(tab.store.appends).toEqual([]);
    });

    it('decides several commands in order, each on the state the previous ones left, and appends them at once', async () => {
      const tab = given([opened]);
      const result = await tab.when([order('ale'), order('stout'), close]);
      expect(result.newEvents).toEqual([ordered('ale', 'id-1'), ordered('stout', 'id-2'), { type: 'TabClosed', data: { drinks: 2 } }]);
      expect(tab.store.appends).toHaveLength(1);
      expect(result.nextExpectedVersion).toBe(4n);
    });

    it('gives decide the context and puts the metadata on every appended event', async () => {
      const tab = given([opened]);
      const metadata: EventMetadata = { correlationId: 'c-1', causationId: 'cmd-1', actor: 'user-1' };
      await tab.when([order('ale'), order('stout')], { metadata });
      const stored = await tab.store.readStream(tab.streamId, { fromVersion: 2n });
      expect(stored.map((event) => [event.data, event.metadata])).toEqual([
        [{ drink: 'ale', orderId: 'id-1' }, metadata],
        [{ drink: 'stout', orderId: 'id-2' }, metadata],
      ]);
    });

    it('lets evolve see the metadata of the stored events and of the new ones', async () => {
      const tab = given([]);
      await tab.store.append(tab.streamId, [{ ...opened, metadata: { actor: 'bartender' } }]);
      const seen: unknown[] = [];
      const watching: typeof tabDecider = {
        ...tabDecider,
        evolve(state, event) {
          seen.push(event.metadata.actor);
          return tabDecider.evolve(state, event);
        },
      };
      await handleCommand(tab.store, tab.streamId, watching, order('ale'), { context: { now: NOW, newId: () => 'x' }, metadata: { actor: 'guest' } });
      expect(seen).toEqual(['bartender', 'guest']);
    });

    it('gives the appended events the ids the caller derives', async () => {
      const tab = given([opened]);
      const ids = [randomUUID(), randomUUID()];
      await tab.when([order('ale'), order('stout')], { eventIds: (index) => ids[index]! });
      expect((await tab.store.readStream(tab.streamId, { fromVersion: 2n })).map((event) => event.eventId)).toEqual(ids);
    });
  });

  describe("for a command that decides on the stream's first events and its last alone (decidesOnFirst)", () => {
    it('reads only those and appends after whatever the stream holds, however long it is', async () => {
      const tab = given([opened, ...Array.from({ length: 50 }, (_, n) => ordered(`ale ${n}`))]);
      tab.store.eventsRead.length = 0;
      const result = await tab.when(order('stout'), { decidesOnFirst: 1n });
      expect(tab.store.eventsRead).toEqual([1, 1]);
      expect(tab.store.appends.map((options) => options.expectedVersion)).toEqual(['stream_exists']);
      expect(result.nextExpectedVersion).toBe(52n);
      expect((await tab.stream()).at(-1)).toEqual(ordered('stout', 'id-1'));
    });

    it("decides on the stream's last word too: a tab closed after many rounds takes no more", async () => {
      const tab = given([opened, ...Array.from({ length: 50 }, (_, n) => ordered(`ale ${n}`)), { type: 'TabClosed', data: { drinks: 50 } }]);
      await expect(tab.when(order('stout'), { decidesOnFirst: 1n })).rejects.toBeInstanceOf(TabClosedError);
    });

    it('never conflicts with another writer that appended after the read', async () => {
      const tab = given([opened], new RivalStore(1));
      await tab.when(order('stout'), { decidesOnFirst: 1n });
      expect(await tab.stream()).toEqual([opened, ordered('rival', 'rival-1'), ordered('stout', 'id-1')]);
    });

    it('still decides on an absent stream and creates it with no_stream', async () => {
      const tab = given([]);
      await expect(tab.when(order('ale'), { decidesOnFirst: 1n })).rejects.toBeInstanceOf(TabClosedError);
      await tab.when({ type: 'OpenTab', data: { tabId: 't1' } }, { decidesOnFirst: 1n });
      expect(tab.store.appends.map((options) => options.expectedVersion)).toEqual(['no_stream']);
    });
  });

  describe('when another writer appends between the read and the append', () => {
    it('refuses with WrongExpectedVersionError when the caller allows no retries, appending nothing of its own', async () => {
      const tab = given([opened], new RivalStore(1));
      await expect(tab.when(close)).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await tab.stream()).toEqual([opened, ordered('rival', 'rival-1')]);
    });

    it('reads and decides again on the newer state when a retry is allowed', async () => {
      const tab = given([opened], new RivalStore(1));
      const result = await tab.when(close, { retries: 1 });
      expect(result.newEvents).toEqual([{ type: 'TabClosed', data: { drinks: 1 } }]);
      expect(result.previousState).toEqual({ status: 'open', drinks: ['rival'] });
      expect(tab.store.appends.map((options) => options.expectedVersion)).toEqual([1n, 2n]);
      expect(await tab.stream()).toEqual([opened, ordered('rival', 'rival-1'), { type: 'TabClosed', data: { drinks: 1 } }]);
    });

    it('gives up after the number of retries allowed', async () => {
      const store = new RivalStore(3);
      const tab = given([opened], store);
      await expect(tab.when(close, { retries: 2 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(store.appends).toHaveLength(3);
    });
  });
});
