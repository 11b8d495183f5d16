import { describe, expect, it } from '@jest/globals';
import { DEFAULT_BACKOFF, NO_CRASHES, nextRestart, type RestartHistory } from './backoff.ts';

const { initialMs, maxMs, healthyAfterMs } = DEFAULT_BACKOFF;

/** The delays of a series of runs, each lasting the given time before it ended. */
function delaysAfter(runs: number[]): number[] {
  let history: RestartHistory = NO_CRASHES;
  return runs.map((ranForMs) => {
    const next = nextRestart(history, ranForMs);
    history = next.history;
    return next.delayMs;
  });
}

describe('the restart back-off', () => {
  it('restarts a first crash almost at once', () => {
    expect(delaysAfter([100])).toEqual([initialMs]);
  });

  it('doubles the delay while the process keeps crashing right after it starts', () => {
    expect(delaysAfter([100, 100, 100, 100])).toEqual([initialMs, initialMs * 2, initialMs * 4, initialMs * 8]);
  });

  it('never waits longer than the cap, however long the crash loop', () => {
    const delays = delaysAfter(Array.from({ length: 200 }, () => 0));
    expect(Math.max(...delays)).toBe(maxMs);
    expect(delays.at(-1)).toBe(maxMs);
  });

  it('forgets earlier crashes after a healthy run', () => {
    const delays = delaysAfter([0, 0, 0, 0, 0, 0, 0, healthyAfterMs]);
    expect(delays.at(-2)).toBe(maxMs);
    expect(delays.at(-1)).toBe(initialMs);
  });

  it('restarts each of seven crashes spread over minutes at once (one bad request every so often)', () => {
    expect(delaysAfter(Array.from({ length: 7 }, () => 30_000))).toEqual(Array.from({ length: 7 }, () => initialMs));
  });

  it('keeps seven quick crashes in a row within a few seconds in total', () => {
    const total = delaysAfter(Array.from({ length: 7 }, () => 1_000)).reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeLessThanOrEqual(7 * maxMs);
    expect(total).toBe(250 + 500 + 1000 + 2000 + 4000 + 5000 + 5000);
  });

  it('follows the policy it is given', () => {
    const policy = { initialMs: 10, maxMs: 40, healthyAfterMs: 100 };
    let history = NO_CRASHES;
    const delays = [0, 0, 0, 0, 100, 0].map((ranForMs) => {
      const next = nextRestart(history, ranForMs, policy);
      history = next.history;
      return next.delayMs;
    });
    expect(delays).toEqual([10, 20, 40, 40, 10, 20]);
  });
});
