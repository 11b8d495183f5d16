import { describe, expect, it } from '@jest/globals';
import { afterFailure, DEFAULT_MAIL_RETRY } from './mail-retry.js';

describe('retrying a mail that failed', () => {
  it('waits twice as long after each failure, from 5 s up to 15 minutes', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((failures) => afterFailure(failures, DEFAULT_MAIL_RETRY));
    expect(delays.map((next) => (next.giveUp ? 'give up' : next.delayMs / 1000))).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 900, 900, 900]);
  });

  it('gives up after the last attempt, about an hour after the first', () => {
    expect(afterFailure(12, DEFAULT_MAIL_RETRY)).toEqual({ giveUp: true });
    const waited = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].reduce((sum, failures) => {
      const next = afterFailure(failures, DEFAULT_MAIL_RETRY);
      return sum + (next.giveUp ? 0 : next.delayMs);
    }, 0);
    expect(waited / 60_000).toBeCloseTo(66.25, 2);
  });

  it('follows its settings', () => {
    expect(afterFailure(3, { baseDelayMs: 100, maxDelayMs: 250, maxAttempts: 5 })).toEqual({ giveUp: false, delayMs: 250 });
    expect(afterFailure(5, { baseDelayMs: 100, maxDelayMs: 250, maxAttempts: 5 })).toEqual({ giveUp: true });
  });
});
