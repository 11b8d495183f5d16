import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { WrongExpectedVersionError } from '../port/errors.js';
import { counted, headReaching, newStreamId, numbers, readAllUntil } from './event-store.contract.fixtures.js';
import type { EventStore } from '../port/event-store.port.js';
import { compareCursors, type StoredEvent } from '../port/types.js';

const expectCursorOrder = (events: readonly StoredEvent[]) => {
  for (let i = 1; i < events.length; i++) expect(compareCursors(events[i - 1]!, events[i]!)).toBe(-1);
};

/** The part of the contract about several writers and readers at once (run by `describeEventStoreContract`). */
export function describeConcurrencyContract(store: () => EventStore): void {
  describe('concurrent appends to one stream', () => {
    it('lets exactly one of the appends at the same expected version win; the others get WrongExpectedVersionError', async () => {
      const id = newStreamId();
      await store().append(id, [counted(0)], { expectedVersion: 'no_stream' });
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => store().append(id, [counted(n + 1)], { expectedVersion: 1n })));
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(7);
      for (const error of lost) expect(error).toBeInstanceOf(WrongExpectedVersionError);
      const events = await store().readStream(id);
      expect(events.map((event) => event.streamVersion)).toEqual([1n, 2n]);
    });

    it('lets exactly one of the appends creating a stream with no_stream win', async () => {
      const id = newStreamId();
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => store().append(id, [counted(n)], { expectedVersion: 'no_stream' })));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(await store().readStream(id)).toHaveLength(1);
    });

    it('lets one of several appends of one to three events at the same version win, and keeps none of the others', async () => {
      const id = newStreamId();
      await store().append(id, [counted(0)], { expectedVersion: 'no_stream' });
      const appends = Array.from({ length: 8 }, (_, n) => Array.from({ length: (n % 3) + 1 }, (_, k) => counted(10 * (n + 1) + k)));
      const outcomes = await Promise.allSettled(appends.map((events) => store().append(id, events, { expectedVersion: 1n })));
      const winner = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
      const events = await store().readStream(id);
      expect(numbers(events)).toEqual([0, ...numbers(appends[winner]!)]);
      expect(events.map((event) => event.streamVersion)).toEqual(events.map((_, k) => BigInt(k + 1)));
    });

    it('appends every one of concurrent any and stream_exists appends, the events of each together, in order and numbered without gaps', async () => {
      const id = newStreamId();
      await store().append(id, [counted(0)], { expectedVersion: 'no_stream' });
      const appends = Array.from({ length: 12 }, (_, n) => [counted(10 * (n + 1)), counted(10 * (n + 1) + 1), counted(10 * (n + 1) + 2)].slice(0, (n % 3) + 1));
      const results = await Promise.all(appends.map((events, n) => store().append(id, events, { expectedVersion: n % 2 === 0 ? 'any' : 'stream_exists' })));
      const events = await store().readStream(id);
      expect(events.map((event) => event.streamVersion)).toEqual(events.map((_, k) => BigInt(k + 1)));
      expect(events).toHaveLength(1 + appends.flat().length);
      appends.forEach((written, n) => {
        const last = results[n]!.nextExpectedVersion;
        const mine = events.slice(Number(last) - written.length, Number(last));
        expect(numbers(mine)).toEqual(numbers(written));
      });
    });

    it('writes once when the same append is retried concurrently', async () => {
      const id = newStreamId();
      const events = [{ ...counted(1), eventId: randomUUID() }];
      const results = await Promise.all(Array.from({ length: 8 }, () => store().append(id, events, { expectedVersion: 'any' })));
      expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
      expect(await store().readStream(id)).toHaveLength(1);
    });
  });

  describe('reading all events', () => {
    it('reads after a cursor in batches, in cursor order, up to the head', async () => {
      const from = await store().head();
      const id = newStreamId();
      for (let n = 1; n <= 5; n++) await store().append(id, [counted(n)]);
      const last = await store().append(id, [counted(6), counted(7)]);
      await headReaching(store(), last.position);
      const firstBatch = await store().readAll(from, 3);
      expect(numbers(firstBatch)).toEqual([1, 2, 3]);
      const rest = await store().readAll(firstBatch[2]!, 100);
      expect(numbers(rest)).toEqual([4, 5, 6, 7]);
      expectCursorOrder([...firstBatch, ...rest]);
      expect(await store().readAll(last.position, 100)).toEqual([]);
    });

    it('loses and duplicates nothing for a reader that reads while 20 writers commit to shared streams', async () => {
      const from = await store().head();
      const streams = Array.from({ length: 5 }, newStreamId);
      const written = 20 * 25;
      const reading = readAllUntil(store(), from, (seen) => seen.filter((event) => streams.includes(event.streamId)).length >= written);
      const writer = async (w: number) => {
        for (let i = 0; i < 25; i++) {
          const target = streams[(w + i) % streams.length]!;
          // Optimistic concurrency with retries, as a command handler does.
          for (;;) {
            const current = await store().readStream(target);
            try {
              await store().append(target, [{ type: 'Counted', data: { w, i } }], { expectedVersion: current.at(-1)?.streamVersion ?? 'no_stream' });
              break;
            } catch (error) {
              if (!(error instanceof WrongExpectedVersionError)) throw error;
            }
          }
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)));
      const mine = (await reading).filter((event) => streams.includes(event.streamId));

      expect(mine).toHaveLength(written);
      expect(new Set(mine.map((event) => event.eventId)).size).toBe(written);
      expect(new Set(mine.map((event) => JSON.stringify(event.data))).size).toBe(written);
      expectCursorOrder(mine);
      for (const id of streams) {
        const versions = (await store().readStream(id)).map((event) => Number(event.streamVersion));
        expect(versions).toEqual(Array.from({ length: versions.length }, (_, k) => k + 1));
      }
    }, 60_000);
  });

  describe('subscribing', () => {
    it('delivers the events written before and while subscribed, each once and in order, until aborted', async () => {
      const from = await store().head();
      const id = newStreamId();
      await store().append(id, [counted(1), counted(2)]);
      const controller = new AbortController();
      const seen: StoredEvent[] = [];
      let caughtUp!: () => void;
      const firstTwo = new Promise<void>((resolve) => (caughtUp = resolve));
      const reading = (async () => {
        for await (const batch of store().subscribe(from, { signal: controller.signal, batchSize: 2, idleMs: 20 })) {
          seen.push(...batch.filter((event) => event.streamId === id));
          if (seen.length >= 2) caughtUp();
          if (seen.length >= 5) controller.abort();
        }
      })();
      await firstTwo;
      await store().append(id, [counted(3)]);
      await store().append(id, [counted(4), counted(5)]);
      await reading;
      expect(numbers(seen)).toEqual([1, 2, 3, 4, 5]);
      expectCursorOrder(seen);
    });

    it('ends a subscription that is waiting for events when it is aborted', async () => {
      const controller = new AbortController();
      const batches: StoredEvent[][] = [];
      const reading = (async () => {
        for await (const batch of store().subscribe(await store().head(), { signal: controller.signal, idleMs: 60_000 })) batches.push(batch);
      })();
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      await reading;
      expect(batches).toEqual([]);
    });
  });
}
