import { describe, expect, it } from '@jest/globals';
import { InMemoryEventStore } from '../in-memory/in-memory-event-store.js';
import { formatCursor } from '../port/types.js';
import { runCommand } from './run-command.js';
import { tabDecider, type TabContext } from './tab.decider.fixture.js';

const origin = { correlationId: 'corr-1', idempotencyKey: 'key-1' };
const context = (): TabContext => ({ now: new Date('2026-03-01T09:00:00.000Z'), newId: () => 'order-1' });

describe('runCommand', () => {
  it("appends with the standard metadata (the command's name and time, the actor, the origin, a causation id) and answers the new event's position", async () => {
    const store = new InMemoryEventStore();
    const run = await runCommand(store, tabDecider, 'tab-1', { type: 'OpenTab', data: { tabId: 'tab-1' } }, { actor: 'barkeep', origin, context: context() });

    const [opened] = await store.readStream('tab-1');
    expect(opened!.metadata).toEqual({ ...origin, actor: 'barkeep', command: 'OpenTab', time: '2026-03-01T09:00:00.000Z', causationId: expect.any(String) });
    expect(run.answer).toBe(formatCursor(opened!));
  });

  it("answers the stream's newest position when the decider adds nothing, and null for a stream that does not exist", async () => {
    const store = new InMemoryEventStore();
    await runCommand(store, tabDecider, 'tab-1', { type: 'OpenTab', data: { tabId: 'tab-1' } }, { actor: 'barkeep', origin, context: context() });
    const again = await runCommand(store, tabDecider, 'tab-1', { type: 'OpenTab', data: { tabId: 'tab-1' } }, { actor: 'barkeep', origin, context: context() });
    const nothing = await runCommand(store, tabDecider, 'tab-2', { type: 'CloseTab', data: {} }, { actor: 'barkeep', origin, context: context() });

    expect(again.newEvents).toEqual([]);
    expect(again.answer).toBe(formatCursor((await store.readStream('tab-1'))[0]!));
    expect(nothing.answer).toBeNull();
  });

  it('decides several commands in order, each on the state the previous left, and appends them together, naming them all', async () => {
    const store = new InMemoryEventStore();
    const commands = [{ type: 'OpenTab', data: { tabId: 'tab-1' } }, { type: 'OrderDrink', data: { drink: 'tea' } }] as const;
    const run = await runCommand(store, tabDecider, 'tab-1', commands, { actor: 'barkeep', origin, context: context() });

    const events = await store.readStream('tab-1');
    expect(events.map((event) => [event.type, event.metadata.command])).toEqual([
      ['TabOpened', 'OpenTab,OrderDrink'],
      ['DrinkOrdered', 'OpenTab,OrderDrink'],
    ]);
    expect(run.answer).toBe(formatCursor(events[1]!));
  });

  it("reads the stream as told: a new stream is not read, and one that exists after all refuses the append", async () => {
    const store = new InMemoryEventStore();
    await runCommand(store, tabDecider, 'tab-1', { type: 'OpenTab', data: { tabId: 'tab-1' } }, { actor: 'barkeep', origin, context: context(), newStream: true });
    await expect(
      runCommand(store, tabDecider, 'tab-1', { type: 'OpenTab', data: { tabId: 'tab-1' } }, { actor: 'barkeep', origin, context: context(), newStream: true }),
    ).rejects.toThrow();
    expect(await store.readStream('tab-1')).toHaveLength(1);
  });

  it('records the outside event a command answers as its causation, and the route\'s name where it is not the decider\'s command', async () => {
    const store = new InMemoryEventStore();
    await runCommand(store, tabDecider, 'tab-1', { type: 'OpenTab', data: { tabId: 'tab-1' } }, {
      actor: 'billing-clock',
      origin,
      context: context(),
      causationId: 'evt_123',
      commandName: 'StartShift',
    });

    const [opened] = await store.readStream('tab-1');
    expect(opened!.metadata).toMatchObject({ causationId: 'evt_123', command: 'StartShift', actor: 'billing-clock' });
  });
});
