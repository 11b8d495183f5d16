import { describe, expect, it } from '@jest/globals';
import { answersInTime } from './health-probe.js';

describe('a health probe', () => {
  it('is true for a probe that succeeds, false for one that fails or hangs past the timeout', async () => {
    expect(await answersInTime(Promise.resolve('rows'))).toBe(true);
    expect(await answersInTime(Promise.reject(new Error('ECONNREFUSED')))).toBe(false);
    expect(await answersInTime(new Promise(() => undefined), 20)).toBe(false);
  });
});
