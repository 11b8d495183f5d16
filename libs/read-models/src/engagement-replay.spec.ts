import { describe, expect, it } from '@jest/globals';
import type { JokeGenerated, JokeRated, JokeRating, JokeShared, SharePlatform, SubscriptionActivated, TrialStarted, UserRegistered, VisitorActivityRecorded } from '@jokes/domain';
import { EngagementReplay } from './engagement-replay.js';

const joke = { jokeId: 'j-1', comedianStyle: 'Ali Wong', length: 'short', topic: 'Cats' } as const;
const generated = (at: string, overrides: Partial<JokeGenerated['data']> = {}): JokeGenerated => ({
  type: 'JokeGenerated',
  data: { ...joke, userId: 'u-1', topicSuggested: false, content: 'A joke.', writer: 'offline', premiumBypass: false, generatedAt: at, ...overrides },
});
const rated = (at: string, rating: JokeRating, previousRating: JokeRating | null, userId = 'u-1', of = joke): JokeRated => ({
  type: 'JokeRated',
  data: { ...of, userId, rating, previousRating, ratedAt: at },
});
const shared = (at: string, platform: SharePlatform, of: typeof joke | { jokeId: string; comedianStyle: string; length: 'short'; topic: string } = joke): JokeShared => ({
  type: 'JokeShared',
  data: { ...of, userId: null, visitorId: 'v-1', platform, sharedAt: at },
});
const activity = (visitorId: string, name: VisitorActivityRecorded['data']['name'], occurredAt: string): VisitorActivityRecorded => ({
  type: 'VisitorActivityRecorded',
  data: { visitorId, name, occurredAt, receivedAt: occurredAt, path: name === 'page_view' ? '/' : null, comedianStyle: null, length: null, topic: null, platform: null, value: null },
});
const replay = (events: { type: string }[]) => {
  const report = new EngagementReplay();
  for (const event of events) report.apply(event);
  return report;
};

const noShares = { x: 0, facebook: 0, instagram: 0, snapchat: 0, sms: 0, copy: 0 };
const row = (key: string, figures: Record<string, unknown>) => ({
  key,
  generated: 0,
  rated: 0,
  rating_average: null,
  rating_histogram: [0, 0, 0, 0, 0],
  shares: noShares,
  shares_total: 0,
  page_views: 0,
  unique_visitors: 0,
  ...figures,
});

describe('the engagement report replayed from events', () => {
  it('counts generated, rated and shared jokes per day, with histogram, average and shares per platform', () => {
    const report = replay([
      generated('2026-03-01T10:00:00.000Z'),
      rated('2026-03-01T10:01:00.000Z', 4, null),
      rated('2026-03-01T10:02:00.000Z', 5, null, 'u-2'),
      shared('2026-03-01T10:03:00.000Z', 'x'),
      shared('2026-03-01T10:04:00.000Z', 'copy'),
      shared('2026-03-02T09:00:00.000Z', 'x'),
    ]);
    expect(report.engagement('day')).toEqual([
      row('2026-03-01', { generated: 1, rated: 2, rating_average: 4.5, rating_histogram: [0, 0, 0, 1, 1], shares: { ...noShares, x: 1, copy: 1 }, shares_total: 2 }),
      row('2026-03-02', { shares: { ...noShares, x: 1 }, shares_total: 1 }),
    ]);
  });

  it('counts a changed rating once, at its new value, on the day it was changed', () => {
    const report = replay([
      generated('2026-03-01T10:00:00.000Z'),
      rated('2026-03-01T10:01:00.000Z', 4, null),
      rated('2026-03-03T08:00:00.000Z', 2, 4),
    ]);
    expect(report.engagement('day')).toEqual([
      row('2026-03-01', { generated: 1 }),
      row('2026-03-03', { rated: 1, rating_average: 2, rating_histogram: [0, 1, 0, 0, 0] }),
    ]);
    expect(report.engagement('comedian')).toEqual([row('Ali Wong', { generated: 1, rated: 1, rating_average: 2, rating_histogram: [0, 1, 0, 0, 0] })]);
  });

  it('groups topics as normalised, and by comedian and length', () => {
    const other = { jokeId: 'j-2', comedianStyle: 'Tig Notaro', length: 'short' as const, topic: '  CATS ' };
    const report = replay([generated('2026-03-01T10:00:00.000Z'), generated('2026-03-01T11:00:00.000Z', other), generated('2026-03-01T12:00:00.000Z', { jokeId: 'j-3', topic: ' ' })]);
    expect(report.engagement('topic')).toEqual([row('(none)', { generated: 1 }), row('cats', { generated: 2 })]);
    expect(report.engagement('comedian').map(({ key, generated }) => [key, generated])).toEqual([['Ali Wong', 2], ['Tig Notaro', 1]]);
    expect(report.engagement('length').map(({ key, generated }) => [key, generated])).toEqual([['short', 3]]);
  });

  it('groups by platform the shares only: nothing else belongs to a platform', () => {
    const report = replay([generated('2026-03-01T10:00:00.000Z'), rated('2026-03-01T10:01:00.000Z', 3, null), shared('2026-03-01T10:03:00.000Z', 'sms'), shared('2026-03-01T10:04:00.000Z', 'sms'), shared('2026-03-01T10:05:00.000Z', 'facebook')]);
    expect(report.engagement('platform')).toEqual([
      row('facebook', { shares: { ...noShares, facebook: 1 }, shares_total: 1 }),
      row('sms', { shares: { ...noShares, sms: 2 }, shares_total: 2 }),
    ]);
  });

  it('counts page views and distinct visitors per day, and only per day', () => {
    const report = replay([
      activity('v-1', 'page_view', '2026-03-01T10:00:00.000Z'),
      activity('v-1', 'page_view', '2026-03-01T10:05:00.000Z'),
      activity('v-2', 'page_view', '2026-03-01T23:59:00.000Z'),
      activity('v-2', 'generate_joke', '2026-03-02T00:01:00.000Z'),
      generated('2026-03-01T10:01:00.000Z'),
    ]);
    expect(report.engagement('day')).toEqual([row('2026-03-01', { generated: 1, page_views: 3, unique_visitors: 2 })]);
    expect(report.engagement('comedian')).toEqual([row('Ali Wong', { generated: 1 })]);
  });

  it('keeps the days from and to, both included', () => {
    const report = replay(['01', '02', '03', '04'].map((day) => generated(`2026-03-${day}T10:00:00.000Z`)));
    expect(report.engagement('day', { from: '2026-03-02', to: '2026-03-03' }).map(({ key }) => key)).toEqual(['2026-03-02', '2026-03-03']);
    expect(report.engagement('day', { from: '2026-03-04' }).map(({ key }) => key)).toEqual(['2026-03-04']);
    expect(report.engagement('day', { to: '2026-03-01' }).map(({ key }) => key)).toEqual(['2026-03-01']);
  });
});

describe('the funnel replayed from events', () => {
  const registered: UserRegistered = { type: 'UserRegistered', data: { userId: 'u-1', email: 'a@example.com', username: 'a', ageConfirmed: true, rememberMe: true, registeredAt: '2026-03-01T12:00:00.000Z' } };
  const subject = { userId: 'u-1', subscriptionId: 'sub_1' };
  const trial: TrialStarted = { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: '2026-03-04T12:00:00.000Z', startedAt: '2026-03-01T12:05:00.000Z' } };
  const paid: SubscriptionActivated = {
    type: 'SubscriptionActivated',
    data: { ...subject, plan: 'monthly', invoiceId: 'in_1', amountPaid: 499, currency: 'usd', currentPeriodEnd: '2026-04-04T12:00:00.000Z', fromTrial: true, activatedAt: '2026-03-04T12:00:00.000Z' },
  };

  it('counts distinct visitors at each step of a day, then sign-ups, trials and first payments', () => {
    const report = replay([
      activity('v-1', 'page_view', '2026-03-01T10:00:00.000Z'),
      activity('v-1', 'generate_joke', '2026-03-01T10:01:00.000Z'),
      activity('v-1', 'generate_joke', '2026-03-01T10:02:00.000Z'),
      activity('v-1', 'rate_joke', '2026-03-01T10:03:00.000Z'),
      activity('v-1', 'share_joke', '2026-03-01T10:04:00.000Z'),
      activity('v-2', 'page_view', '2026-03-01T11:00:00.000Z'),
      activity('v-2', 'generate_joke', '2026-03-01T11:01:00.000Z'),
      activity('v-3', 'share_joke', '2026-03-01T11:02:00.000Z'),
      registered,
      trial,
      paid,
    ]);
    expect(report.funnel()).toEqual([
      { day: '2026-03-01', visitors: 3, generated: 2, engaged: 2, signed_up: 1, trials: 1, paid: 0 },
      { day: '2026-03-04', visitors: 0, generated: 0, engaged: 0, signed_up: 0, trials: 0, paid: 1 },
    ]);
    expect(report.funnel({ from: '2026-03-02' })).toEqual([{ day: '2026-03-04', visitors: 0, generated: 0, engaged: 0, signed_up: 0, trials: 0, paid: 1 }]);
  });
});
