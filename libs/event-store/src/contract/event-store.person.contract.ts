import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { newStreamId } from './event-store.contract.fixtures.js';
import type { EventStore, PersonIndex } from '../port/event-store.port.js';
import { compareCursors } from '../port/types.js';

// A person named by `userId` in some event types and by `reporterId` in another,
// as the product's joke events do; `Viewed` names a userId but is not indexed.
const INDEX: PersonIndex = { Rated: 'userId', Shared: 'userId', Reported: 'reporterId' };

const rated = (userId: string | null, n: number) => ({ type: 'Rated', data: { userId, n } });
const shared = (userId: string, n: number) => ({ type: 'Shared', data: { userId, n } });
const reported = (reporterId: string, userId: string, n: number) => ({ type: 'Reported', data: { reporterId, userId, n } });
const viewed = (userId: string, n: number) => ({ type: 'Viewed', data: { userId, n } });
const numbered = (events: readonly { data: unknown }[]) => events.map((event) => (event.data as { n: number }).n);

/** The part of the contract about reading one person's events across streams (run by `describeEventStoreContract`). */
export function describePersonContract(store: () => EventStore): void {
  describe("reading a person's events", () => {
    it('finds the events of the indexed types whose field names the person, on every stream, in cursor order', async () => {
      const person = randomUUID();
      const other = randomUUID();
      const [first, second] = [newStreamId(), newStreamId()];
      await store().append(first, [rated(person, 1), rated(other, 90)]);
      await store().append(second, [shared(person, 2), viewed(person, 91)]);
      await store().append(first, [reported(person, other, 3), reported(other, person, 92), rated(null, 93)]);
      await store().append(second, [rated(person, 4)]);

      const found = await store().readByPerson(person, INDEX);
      expect(numbered(found)).toEqual([1, 2, 3, 4]);
      expect(found.map((event) => event.streamId)).toEqual([first, second, first, second]);
      for (let i = 1; i < found.length; i++) expect(compareCursors(found[i - 1]!, found[i]!)).toBe(-1);
      expect(found[0]).toMatchObject({ type: 'Rated', streamVersion: 1n, data: { userId: person, n: 1 } });
    });

    it('reads only the types asked for, and nothing for a person no event names', async () => {
      const person = randomUUID();
      await store().append(newStreamId(), [rated(person, 1), shared(person, 2), viewed(person, 3)]);
      expect(numbered(await store().readByPerson(person, { Shared: 'userId' }))).toEqual([2]);
      expect(numbered(await store().readByPerson(person, { Viewed: 'userId', Rated: 'userId' }))).toEqual([1, 3]);
      expect(await store().readByPerson(randomUUID(), INDEX)).toEqual([]);
      expect(await store().readByPerson(person, {})).toEqual([]);
    });
  });
}
