import { describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { WakeUpNotifier } from './wake-up-notifier.js';

/** A pool whose queries wait until the test lets them finish. */
function heldPool() {
  const pending: { channel: string; finish: (failure?: Error) => void }[] = [];
  const pool = {
    query: (config: { text: string; values: string[] }) =>
      new Promise((resolve, reject) => {
        pending.push({ channel: config.values[0]!, finish: (failure) => (failure ? reject(failure) : resolve({ rows: [] })) });
      }),
  } as unknown as pg.Pool;
  return { pool, pending };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the wake-up notifier', () => {
  it('commits its notification without waiting for the disk', async () => {
    const texts: string[] = [];
    const pool = { query: async (config: { text: string }) => (texts.push(config.text), { rows: [] }) } as unknown as pg.Pool;
    const notifier = WakeUpNotifier.of(pool, 'events', { minIntervalMs: 0 });
    notifier.poke();
    await notifier.flush();
    expect(texts).toEqual([expect.stringContaining("set_config('synchronous_commit', 'off', true)")]);
  });

  it('coalesces pokes made while a notification is in flight into one more notification sent after it', async () => {
    const { pool, pending } = heldPool();
    const notifier = WakeUpNotifier.of(pool, 'events', { minIntervalMs: 0 });
    notifier.poke();
    for (let n = 0; n < 19; n++) notifier.poke();
    expect(pending).toHaveLength(1);
    pending[0]!.finish();
    await settle();
    // The commits poked after the first was sent need one more, sent only now.
    expect(pending).toHaveLength(2);
    pending[1]!.finish();
    await notifier.flush();
    expect(pending).toHaveLength(2);
    expect(notifier.sent).toBe(2);
    expect(pending.map((query) => query.channel)).toEqual(['events', 'events']);
  });

  it('sends one notification per poke when each comes after the previous one was sent', async () => {
    const { pool, pending } = heldPool();
    const notifier = WakeUpNotifier.of(pool, 'events', { minIntervalMs: 0 });
    for (let n = 0; n < 3; n++) {
      notifier.poke();
      pending[n]!.finish();
      await notifier.flush();
    }
    expect(notifier.sent).toBe(3);
  });

  it('keeps notifying after a notification failed (a lost hint only delays readers until their poll)', async () => {
    const { pool, pending } = heldPool();
    const notifier = WakeUpNotifier.of(pool, 'events', { minIntervalMs: 0 });
    notifier.poke();
    notifier.poke();
    pending[0]!.finish(new Error('connection lost'));
    await settle();
    expect(pending).toHaveLength(2);
    pending[1]!.finish();
    await notifier.flush();
    notifier.poke();
    expect(pending).toHaveLength(3);
    pending[2]!.finish();
    await notifier.flush();
  });

  it('sends at most one notification per minimum interval, the later one after it', async () => {
    const { pool, pending } = heldPool();
    const notifier = WakeUpNotifier.of(pool, 'events', { minIntervalMs: 200 });
    notifier.poke();
    pending[0]!.finish();
    await settle();
    notifier.poke();
    await settle();
    // Still within the interval: held back, not dropped.
    expect(pending).toHaveLength(1);
    for (let round = 0; round < 100 && pending.length < 2; round++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pending).toHaveLength(2);
    pending[1]!.finish();
    await notifier.flush();
    expect(notifier.sent).toBe(2);
  });

  it('is one notifier per pool and channel, shared by every store and unit of work over that pool', () => {
    const { pool } = heldPool();
    expect(WakeUpNotifier.of(pool, 'events')).toBe(WakeUpNotifier.of(pool, 'events'));
    expect(WakeUpNotifier.of(pool, 'other')).not.toBe(WakeUpNotifier.of(pool, 'events'));
    expect(WakeUpNotifier.of(heldPool().pool, 'events')).not.toBe(WakeUpNotifier.of(pool, 'events'));
  });
});
