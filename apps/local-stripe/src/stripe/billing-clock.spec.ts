import { describe, expect, it } from '@jest/globals';
import { CLOCK_ADVANCE_TOO_FAR, MAX_CLOCK_ADVANCE_SECONDS } from '@jokes/contracts';
import { InvalidClockMoveError, MAX_CLOCK_OFFSET_SECONDS, nextOffset } from './billing-clock.js';

const DAY = 86_400;
const realNow = Math.floor(Date.parse('2026-03-01T00:00:00Z') / 1000);

describe('nextOffset', () => {
  it('moves forward by seconds, or to a moment', () => {
    expect(nextOffset(0, realNow, { seconds: 3 * DAY })).toBe(3 * DAY);
    expect(nextOffset(DAY, realNow, { to: new Date('2026-03-05T00:00:00Z') })).toBe(4 * DAY);
  });

  it('allows exactly one year (366 days) per move', () => {
    expect(MAX_CLOCK_ADVANCE_SECONDS).toBe(366 * DAY);
    expect(nextOffset(0, realNow, { seconds: MAX_CLOCK_ADVANCE_SECONDS })).toBe(MAX_CLOCK_ADVANCE_SECONDS);
    expect(nextOffset(DAY, realNow, { to: new Date((realNow + DAY + MAX_CLOCK_ADVANCE_SECONDS) * 1000) })).toBe(DAY + MAX_CLOCK_ADVANCE_SECONDS);
  });

  it('refuses more than a year at once, by seconds or by date, with a clear message', () => {
    expect(() => nextOffset(0, realNow, { seconds: MAX_CLOCK_ADVANCE_SECONDS + 1 })).toThrow(new InvalidClockMoveError(CLOCK_ADVANCE_TOO_FAR));
    expect(() => nextOffset(0, realNow, { seconds: 10_000_000_000_000 })).toThrow(CLOCK_ADVANCE_TOO_FAR);
    expect(() => nextOffset(0, realNow, { to: new Date('2030-01-01T00:00:00Z') })).toThrow(CLOCK_ADVANCE_TOO_FAR);
  });

  it('refuses to move backwards', () => {
    expect(() => nextOffset(DAY, realNow, { to: new Date('2026-03-01T12:00:00Z') })).toThrow('The billing clock only moves forward.');
  });

  it('refuses to run more than a century ahead of real time, however many moves', () => {
    expect(nextOffset(MAX_CLOCK_OFFSET_SECONDS - DAY, realNow, { seconds: DAY })).toBe(MAX_CLOCK_OFFSET_SECONDS);
    expect(() => nextOffset(MAX_CLOCK_OFFSET_SECONDS - DAY, realNow, { seconds: DAY + 1 })).toThrow(/more than 100 years ahead/);
    // Every date the provider derives stays a valid date with a four-digit year.
    expect(new Date((realNow + MAX_CLOCK_OFFSET_SECONDS + MAX_CLOCK_ADVANCE_SECONDS) * 1000).toISOString()).toMatch(/^\d{4}-/);
  });

  it('refuses an invalid date', () => {
    expect(() => nextOffset(0, realNow, { to: new Date('not a date') })).toThrow(InvalidClockMoveError);
  });
});
