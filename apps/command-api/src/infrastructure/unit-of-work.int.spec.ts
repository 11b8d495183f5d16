import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore, WrongExpectedVersionError, type EventStore } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import type pg from 'pg';
import { UnitOfWork } from './unit-of-work.js';
import { UnitOfWorkEventStore } from './unit-of-work-event-store.js';

let db: TestDatabase;
let outside: PostgresEventStore;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase('unitofwork');
  outside = new PostgresEventStore(db.pool, { notify: false });
  await outside.migrate();
  store = new UnitOfWorkEventStore(outside, (statements) => new PostgresEventStore(statements as pg.Pool, { notify: false }));
});
afterAll(async () => db.drop());

let streams = 0;
const stream = () => `unit-${++streams}-${Date.now()}`;
const told = (n: number) => ({ type: 'Told', data: { n } });
const versions = async (id: string) => (await outside.readStream(id)).map((event) => (event.data as { n: number }).n);

/** Runs `work` in a unit of work and commits it, as a keyed command does when it succeeds. */
async function inUnit(work: () => Promise<void>): Promise<void> {
  const unit = new UnitOfWork(db.pool);
  await unit.run(work);
  await unit.finish(async () => true);
}

describe('a unit of work: one request\'s appends in one transaction', () => {
  it('keeps the appends before and after a statement that failed, and only those', async () => {
    const id = stream();
    await inUnit(async () => {
      await store.append(id, [told(1)], { expectedVersion: 'no_stream' });
      // A version conflict, as a handler meets when another request appended first: answered, then decided again.
      await expect(store.append(id, [told(99)], { expectedVersion: 5 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(id, [told(2)], { expectedVersion: 1 });
      await expect(store.append(id, [told(98)], { expectedVersion: 0 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(id, [told(3)], { expectedVersion: 2 });
      // Inside the unit, its own appends are read back.
      expect((await store.readStream(id)).map((event) => (event.data as { n: number }).n)).toEqual([1, 2, 3]);
    });
    expect(await versions(id)).toEqual([1, 2, 3]);
  });

  it('goes on after its first statement failed: nothing before it to keep, the transaction starts again', async () => {
    const taken = stream();
    await outside.append(taken, [told(1)]);
    const id = stream();
    await inUnit(async () => {
      // Two events: one statement (the store's function), which raises the conflict.
      await expect(store.append(taken, [told(99), told(98)], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(id, [told(1)], { expectedVersion: 'no_stream' });
      await store.append(taken, [told(2)], { expectedVersion: 1 });
    });
    expect(await versions(id)).toEqual([1]);
    expect(await versions(taken)).toEqual([1, 2]);
  });

  it('shows nothing to others before the commit, and keeps nothing when abandoned', async () => {
    const id = stream();
    const unit = new UnitOfWork(db.pool);
    await unit.run(async () => {
      await store.append(id, [told(1)], { expectedVersion: 'no_stream' });
      await expect(store.append(id, [told(99)], { expectedVersion: 7 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(id, [told(2)], { expectedVersion: 1 });
    });
    expect(await versions(id)).toEqual([]);
    await unit.abandon();
    expect(await versions(id)).toEqual([]);
  });

  it('rolls everything back when its last statement says so', async () => {
    const id = stream();
    const unit = new UnitOfWork(db.pool);
    await unit.run(() => store.append(id, [told(1)], { expectedVersion: 'no_stream' }).then(() => undefined));
    expect(await unit.finish(async (statements) => (await statements.query('SELECT 1 AS one WHERE false')).rowCount === 1)).toBe(false);
    expect(await versions(id)).toEqual([]);
  });
});
