import { describe, expect, it } from '@jest/globals';
import { visitorActivityItem } from '@jokes/contracts';
import { clip, pathOnly, toActivityItem } from './activity-item';
import type { AnalyticsEvent } from './analytics';

const at = new Date('2026-03-01T10:00:00.000Z');
const item = (event: AnalyticsEvent) => toActivityItem({ event, occurredAt: at });
const joke = { comedian_style: 'Ada Lovelaugh', length: 'short', topic: 'cats' } as const;

describe('analytics events as batch items', () => {
  it('records a page view by its pathname only, never its query or fragment', () => {
    expect(item({ name: 'page_view', path: '/auth?email=ann@example.com#access_token=secret' })).toEqual({
      name: 'page_view',
      occurred_at: '2026-03-01T10:00:00.000Z',
      path: '/auth',
    });
  });

  it('records generate_joke, rate_joke (value: the rating) and share_joke (the platform) with the joke’s style, length and topic', () => {
    expect(item({ name: 'generate_joke', ...joke })).toEqual({ name: 'generate_joke', occurred_at: at.toISOString(), ...joke });
    expect(item({ name: 'rate_joke', value: 4, ...joke })).toEqual({ name: 'rate_joke', occurred_at: at.toISOString(), ...joke, value: 4 });
    expect(item({ name: 'share_joke', platform: 'x', ...joke })).toEqual({
      name: 'share_joke',
      occurred_at: at.toISOString(),
      ...joke,
      platform: 'x',
    });
  });

  it('leaves out an empty topic', () => {
    expect(item({ name: 'generate_joke', ...joke, topic: '  ' })).not.toHaveProperty('topic');
  });

  it('shortens what is too long for the contract, so one item never refuses the whole batch', () => {
    const long = item({ name: 'generate_joke', comedian_style: 'C'.repeat(150), length: 'long', topic: '😀'.repeat(150) });

    expect(visitorActivityItem.safeParse(long).success).toBe(true);
    expect(long?.comedian_style).toHaveLength(100);
    // 100 emoji of two UTF-16 units each: a pair is never split.
    expect(long?.topic).toBe('😀'.repeat(100));
  });

  it('gives nothing for an event the contract would refuse', () => {
    expect(item({ name: 'rate_joke', value: Number.NaN, ...joke })).toBeNull();
    expect(item({ name: 'generate_joke', ...joke, comedian_style: 'bad\u0000style' })).toBeNull();
  });
});

describe('clip and pathOnly', () => {
  it('keeps text within the limit whole', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('a😀', 2)).toBe('a');
  });

  it('cuts a path at its query or fragment', () => {
    expect(pathOnly('/history?x=1')).toBe('/history');
    expect(pathOnly('/reset-password-confirm#type=recovery')).toBe('/reset-password-confirm');
    expect(pathOnly('/')).toBe('/');
  });
});
