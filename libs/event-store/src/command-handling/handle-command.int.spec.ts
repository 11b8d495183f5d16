import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WrongExpectedVersionError } from '../port/errors.js';
import { PostgresEventStore } from '../postgres/postgres-event-store.js';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { compareCursors } from '../port/types.js';
import { handleCommand } from './handle-command.js';
import { tabDecider, type TabContext } from './tab.decider.fixture.js';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('hc');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
});
afterAll(async () => {
  await db.drop();
});

const context = (): TabContext => ({ now: new Date('2026-05-01T20:00:00Z'), newId: randomUUID });

describe('handleCommand on PostgreSQL', () => {
  it('creates a stream once and lands every concurrent command on it through retries, versions without gaps', async () => {
    const streamId = `tab-${randomUUID()}`;
    const opens = await Promise.allSettled(
      Array.from({ length: 4 }, () => handleCommand(store, streamId, tabDecider, { type: 'OpenTab', data: { tabId: 't1' } }, { context: context() })),
    );
    // One created it; the others saw it open (and decided nothing) or lost on no_stream.
    const opened = opens.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value.newEvents : []));
    expect(opened.map((event) => event.type)).toEqual(['TabOpened']);
    for (const outcome of opens) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);

    const drinks = Array.from({ length: 10 }, (_, n) => `drink-${n}`);
    const orders = await Promise.all(
      drinks.map((drink) => handleCommand(store, streamId, tabDecider, { type: 'OrderDrink', data: { drink } }, { context: context(), retries: 20 })),
    );
    const stored = await store.readStream(streamId);
    expect(stored.map((event) => Number(event.streamVersion))).toEqual(Array.from({ length: 11 }, (_, k) => k + 1));
    expect(new Set(stored.slice(1).map((event) => (event.data as { drink: string }).drink))).toEqual(new Set(drinks));
    expect(orders.map((result) => result.nextExpectedVersion).sort((a, b) => Number(a - b))).toEqual(stored.slice(1).map((event) => event.streamVersion));
    for (const result of orders) {
      const written = stored.find((event) => event.streamVersion === result.nextExpectedVersion)!;
      expect(compareCursors(result.position!, written)).toBe(0);
    }

    const closed = await handleCommand(store, streamId, tabDecider, { type: 'CloseTab', data: {} }, { context: context() });
    expect(closed.newEvents).toEqual([{ type: 'TabClosed', data: { drinks: 10 } }]);
  }, 60_000);
});
