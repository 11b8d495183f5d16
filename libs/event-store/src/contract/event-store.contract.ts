import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../port/errors.js';
import { describeConcurrencyContract } from './event-store.concurrency.contract.js';
import { counted, headReaching, newStreamId, numbers } from './event-store.contract.fixtures.js';
import { describePersonContract } from './event-store.person.contract.js';
import type { EventStore } from '../port/event-store.port.js';
import { compareCursors } from '../port/types.js';

export interface StoreUnderTest {
  store: EventStore;
  /** Releases what the factory made (a database, connections). */
  dispose(): Promise<void>;
}

export interface ContractOptions {
  /**
   * `unique` (default): an event id is refused on any stream once written
   * (PostgreSQL, in-memory). `per-stream`: ids are deduplicated within their
   * stream only, as KurrentDB does, so an id reused on another stream is
   * written there.
   */
  eventIds?: 'unique' | 'per-stream';
}

/**
 * The behaviour every `EventStore` promises, written once (DESIGN.md decision
 * 13). Run it from a spec beside each implementation; a store that needs a
 * server runs it only where its connection variable is set, e.g.
 * `(process.env.EVENTSTORE_URL ? describeEventStoreContract : describe.skip)(...)`.
 */
export function describeEventStoreContract(name: string, factory: () => Promise<StoreUnderTest>, { eventIds = 'unique' }: ContractOptions = {}): void {
  describe(`${name}: the event store contract`, () => {
    let underTest: StoreUnderTest;
    const store = (): EventStore => underTest.store;
    beforeAll(async () => {
      underTest = await factory();
    });
    afterAll(async () => {
      await underTest?.dispose();
    });

    describe('expected version', () => {
      it('appends at the exact version and refuses any other with the actual version, writing nothing', async () => {
        const id = newStreamId();
        await store().append(id, [counted(1)], { expectedVersion: 'no_stream' });
        await store().append(id, [counted(2)], { expectedVersion: 1n });
        const attempt = store().append(id, [counted(3), counted(4)], { expectedVersion: 5n });
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(attempt).rejects.toMatchObject({ streamId: id, expected: 5n, actual: 2n, streamExists: true });
        expect(numbers(await store().readStream(id))).toEqual([1, 2]);
      });

      it('creates a stream with no_stream once, and refuses no_stream when the stream exists', async () => {
        const id = newStreamId();
        await store().append(id, [counted(1)], { expectedVersion: 'no_stream' });
        await expect(store().append(id, [counted(2)], { expectedVersion: 'no_stream' })).rejects.toMatchObject({ actual: 1n, streamExists: true });
        expect(numbers(await store().readStream(id))).toEqual([1]);
      });

      it('treats exact version 0 as a stream that must not exist yet', async () => {
        const id = newStreamId();
        await store().append(id, [counted(1)], { expectedVersion: 0 });
        await expect(store().append(id, [counted(2)], { expectedVersion: 0 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      });

      it('refuses stream_exists for an absent stream and appends with it to an existing one', async () => {
        const id = newStreamId();
        await expect(store().append(id, [counted(1)], { expectedVersion: 'stream_exists' })).rejects.toMatchObject({ actual: 0n, streamExists: false });
        expect(await store().readStream(id)).toEqual([]);
        await store().append(id, [counted(1)], { expectedVersion: 'no_stream' });
        await store().append(id, [counted(2)], { expectedVersion: 'stream_exists' });
        expect(numbers(await store().readStream(id))).toEqual([1, 2]);
      });

      it('appends with any whatever the version, creating the stream, and uses any when no version is given', async () => {
        const id = newStreamId();
        await store().append(id, [counted(1)], { expectedVersion: 'any' });
        await store().append(id, [counted(2)], { expectedVersion: 'any' });
        await store().append(id, [counted(3)]);
        expect(numbers(await store().readStream(id))).toEqual([1, 2, 3]);
      });

      it('refuses an append of no events', async () => {
        const id = newStreamId();
        await expect(store().append(id, [], { expectedVersion: 'any' })).rejects.toThrow('Nothing to append');
        expect(await store().readStream(id)).toEqual([]);
      });
    });

    describe('version numbering and reading a stream', () => {
      it('numbers a stream from 1 without gaps and answers the version to expect next', async () => {
        const id = newStreamId();
        const first = await store().append(id, [counted(1), counted(2)], { expectedVersion: 'no_stream' });
        const second = await store().append(id, [counted(3)], { expectedVersion: first.nextExpectedVersion });
        expect([first.nextExpectedVersion, second.nextExpectedVersion]).toEqual([2n, 3n]);
        expect([first.duplicate, second.duplicate]).toEqual([false, false]);
        const events = await store().readStream(id);
        expect(events.map((event) => [event.streamVersion, event.streamId])).toEqual([[1n, id], [2n, id], [3n, id]]);
      });

      it('answers the position of the last event written, and positions only grow', async () => {
        const id = newStreamId();
        const first = await store().append(id, [counted(1), counted(2)]);
        const second = await store().append(newStreamId(), [counted(3)]);
        const [one, two] = await store().readStream(id);
        expect(first.position).toEqual({ transactionId: two!.transactionId, globalPosition: two!.globalPosition });
        expect(compareCursors(one!, two!)).toBe(-1);
        expect(compareCursors(first.position, second.position)).toBe(-1);
        expect(await headReaching(store(), second.position)).toEqual(second.position);
      });

      it('reads a stream from a version, up to a version, and an absent stream as empty', async () => {
        const id = newStreamId();
        await store().append(id, [counted(1), counted(2), counted(3)]);
        expect(numbers(await store().readStream(id, { fromVersion: 2n }))).toEqual([2, 3]);
        expect(numbers(await store().readStream(id, { toVersion: 2n }))).toEqual([1, 2]);
        expect(numbers(await store().readStream(id, { fromVersion: 2n, toVersion: 2n }))).toEqual([2]);
        expect(await store().readStream(newStreamId())).toEqual([]);
      });

      it("reads a stream's last events from its end, in version order", async () => {
        const id = newStreamId();
        await store().append(id, [counted(1), counted(2), counted(3)]);
        expect(numbers(await store().readStream(id, { last: 1 }))).toEqual([3]);
        expect(numbers(await store().readStream(id, { last: 2 }))).toEqual([2, 3]);
        expect(numbers(await store().readStream(id, { last: 5 }))).toEqual([1, 2, 3]);
        expect((await store().readStream(id, { last: 1 }))[0]!.streamVersion).toBe(3n);
        expect(await store().readStream(newStreamId(), { last: 1 })).toEqual([]);
      });

      it('keeps type, data as JSON, event id, schema version and metadata', async () => {
        const id = newStreamId();
        const eventId = randomUUID();
        const metadata = { correlationId: randomUUID(), causationId: randomUUID(), actor: 'user-1', traceparent: '00-abc-def-01' };
        const at = new Date('2026-01-02T03:04:05.678Z');
        await store().append(id, [{ type: 'Stamped', data: { at, nested: { list: [1, 'two', null] } }, eventId, schemaVersion: 2, metadata }, counted(1)]);
        const [stamped, plain] = await store().readStream(id);
        expect(stamped).toMatchObject({ type: 'Stamped', eventId, schemaVersion: 2, metadata });
        expect(stamped!.data).toEqual({ at: at.toISOString(), nested: { list: [1, 'two', null] } });
        expect(stamped!.createdAt).toBeInstanceOf(Date);
        expect(plain).toMatchObject({ schemaVersion: 1, metadata: {} });
        expect(plain!.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      });
    });

    describe('idempotent event ids', () => {
      it('writes a retried append with the same event ids once and answers as the first time', async () => {
        const id = newStreamId();
        const events = [{ ...counted(1), eventId: randomUUID() }, { ...counted(2), eventId: randomUUID() }];
        const first = await store().append(id, events, { expectedVersion: 'no_stream' });
        const retry = await store().append(id, events, { expectedVersion: 'no_stream' });
        expect(retry).toEqual({ ...first, duplicate: true });
        expect(await store().readStream(id)).toHaveLength(2);
      });

      it('answers a retried one-event append at an exact version as the first time, also after the stream moved on', async () => {
        const id = newStreamId();
        await store().append(id, [counted(1)], { expectedVersion: 'no_stream' });
        const event = { ...counted(2), eventId: randomUUID() };
        const first = await store().append(id, [event], { expectedVersion: 1n });
        expect(await store().append(id, [event], { expectedVersion: 1n })).toEqual({ ...first, duplicate: true });
        await store().append(id, [counted(3)], { expectedVersion: 2n });
        expect(await store().append(id, [event], { expectedVersion: 1n })).toEqual({ ...first, duplicate: true });
        expect(numbers(await store().readStream(id))).toEqual([1, 2, 3]);
      });

      it('writes a retried append once in any mode, where the version check passes again', async () => {
        const id = newStreamId();
        const events = [{ ...counted(1), eventId: randomUUID() }];
        const first = await store().append(id, events, { expectedVersion: 'any' });
        const retry = await store().append(id, events, { expectedVersion: 'any' });
        expect(retry).toEqual({ ...first, duplicate: true });
        expect(await store().readStream(id)).toHaveLength(1);
      });

      it('answers a retry with other metadata as the first append (a retry has its own trace)', async () => {
        const id = newStreamId();
        const eventId = randomUUID();
        const first = await store().append(id, [{ ...counted(1), eventId, metadata: { traceparent: 'first' } }]);
        const retry = await store().append(id, [{ ...counted(1), eventId, metadata: { traceparent: 'second' } }]);
        expect(retry).toEqual({ ...first, duplicate: true });
        expect((await store().readStream(id)).map((event) => event.metadata)).toEqual([{ traceparent: 'first' }]);
      });

      it('refuses other content under an event id already written', async () => {
        const id = newStreamId();
        const eventId = randomUUID();
        await store().append(id, [{ ...counted(1), eventId }], { expectedVersion: 'no_stream' });
        await expect(store().append(id, [{ ...counted(2), eventId }], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(DuplicateEventIdError);
        await expect(store().append(id, [{ ...counted(2), eventId }], { expectedVersion: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
        await expect(store().append(id, [{ type: 'Other', data: { n: 1 }, eventId }], { expectedVersion: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
        expect(numbers(await store().readStream(id))).toEqual([1]);
      });

      it('refuses an append that reuses only some event ids', async () => {
        const id = newStreamId();
        const used = randomUUID();
        await store().append(id, [{ ...counted(1), eventId: used }]);
        await expect(store().append(id, [{ ...counted(1), eventId: used }, counted(2)])).rejects.toBeInstanceOf(DuplicateEventIdError);
        await expect(store().append(id, [{ ...counted(1), eventId: used }, counted(2)], { expectedVersion: 0 })).rejects.toBeInstanceOf(DuplicateEventIdError);
        expect(await store().readStream(id)).toHaveLength(1);
      });

      if (eventIds === 'unique') {
        it('refuses event ids written to another stream', async () => {
          const used = randomUUID();
          await store().append(newStreamId(), [{ ...counted(1), eventId: used }]);
          const other = newStreamId();
          await expect(store().append(other, [{ ...counted(1), eventId: used }])).rejects.toBeInstanceOf(DuplicateEventIdError);
          expect(await store().readStream(other)).toEqual([]);
        });
      } else {
        it('writes an event id used on another stream there too (ids are unique per stream)', async () => {
          const used = randomUUID();
          const first = newStreamId();
          await store().append(first, [{ ...counted(1), eventId: used }]);
          const other = newStreamId();
          const written = await store().append(other, [{ ...counted(1), eventId: used }]);
          expect(written.duplicate).toBe(false);
          expect((await store().readStream(other)).map((event) => event.eventId)).toEqual([used]);
          expect(await store().readStream(first)).toHaveLength(1);
        });
      }
    });

    describePersonContract(store);
    describeConcurrencyContract(store);
  });
}
