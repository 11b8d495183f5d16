import { describe, expect, it } from '@jest/globals';
import { formatRate, totalsOf } from './conversion';

const day = (trials_started: number, trials_converted: number, trials_canceled: number, plan: 'monthly' | 'yearly' = 'monthly') => ({
  day: '2026-03-01',
  plan,
  trials_started,
  trials_converted,
  trials_canceled,
});

describe('trial conversion totals', () => {
  it('sums every day and plan, and rates conversion over the trials that have ended', () => {
    expect(totalsOf([day(4, 2, 1), day(3, 1, 0, 'yearly')])).toEqual({ started: 7, converted: 3, canceled: 1, conversionRate: 0.75 });
  });

  it('has no rate before any trial has ended', () => {
    expect(totalsOf([day(5, 0, 0)]).conversionRate).toBeNull();
    expect(formatRate(null)).toBe('—');
    expect(formatRate(2 / 3)).toBe('66.7%');
  });
});
