import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JokeGenerated, JokeRated, JokeRating, JokeShared, SharePlatform, VisitorActivityRecorded } from '@jokes/domain';
import { jokeGenerated } from '../testing/events.js';
import { QueryApp } from '../testing/query-app.js';

const rated = (joke: JokeGenerated, userId: string, rating: JokeRating, previousRating: JokeRating | null, ratedAt: string): JokeRated => ({
  type: 'JokeRated',
  data: { jokeId: joke.data.jokeId, userId, rating, previousRating, comedianStyle: joke.data.comedianStyle, length: joke.data.length, topic: joke.data.topic, ratedAt },
});
const shared = (joke: JokeGenerated, platform: SharePlatform, sharedAt: string): JokeShared => ({
  type: 'JokeShared',
  data: { jokeId: joke.data.jokeId, userId: null, visitorId: randomUUID(), platform, comedianStyle: joke.data.comedianStyle, length: joke.data.length, topic: joke.data.topic, sharedAt },
});
const pageView = (visitorId: string, occurredAt: string): VisitorActivityRecorded => ({
  type: 'VisitorActivityRecorded',
  data: { visitorId, name: 'page_view', occurredAt, receivedAt: occurredAt, path: '/', comedianStyle: null, length: null, topic: null, platform: null, value: null },
});

let api: QueryApp;
const [ana, bo] = [randomUUID(), randomUUID()];
// 1 March: two Ali Wong jokes on cats (typed two ways), rated 4 and 5, shared to X and copied; a Tig Notaro
// joke with no topic. 3 March: Ana changes her 4 to 2; someone shares to X. Page views on both days.
const cats = jokeGenerated(ana, '2026-03-01T10:00:00.000Z', { topic: 'Cats' });
const moreCats = jokeGenerated(bo, '2026-03-01T11:00:00.000Z', { topic: '  cats ', length: 'medium' });
const untitled = jokeGenerated(null, '2026-03-01T12:00:00.000Z', { comedianStyle: 'Tig Notaro', topic: '' });
const [v1, v2] = [randomUUID(), randomUUID()];

beforeAll(async () => {
  api = await QueryApp.start('qengagement');
  await api.given(`joke-${cats.data.jokeId}`, [
    cats,
    rated(cats, ana, 4, null, '2026-03-01T10:01:00.000Z'),
    shared(cats, 'x', '2026-03-01T10:02:00.000Z'),
    shared(cats, 'copy', '2026-03-01T10:03:00.000Z'),
    rated(cats, ana, 2, 4, '2026-03-03T09:00:00.000Z'),
    shared(cats, 'x', '2026-03-03T09:01:00.000Z'),
  ]);
  await api.given(`joke-${moreCats.data.jokeId}`, [moreCats, rated(moreCats, bo, 5, null, '2026-03-01T11:01:00.000Z')]);
  await api.given(`joke-${untitled.data.jokeId}`, [untitled]);
  await api.given(`visitor-${v1}`, [pageView(v1, '2026-03-01T09:59:00.000Z'), pageView(v1, '2026-03-01T10:30:00.000Z'), pageView(v1, '2026-03-03T08:00:00.000Z')]);
  await api.given(`visitor-${v2}`, [pageView(v2, '2026-03-01T13:00:00.000Z')]);
});
afterAll(async () => api?.stop());

const analyst = { userId: randomUUID(), roles: ['analyst'] };
const report = (search: string, as: { userId: string; roles?: string[] } | null = analyst) => api.call('GET', `/api/analytics/engagement${search}`, as ? { as } : {});
const none = { x: 0, facebook: 0, instagram: 0, snapchat: 0, sms: 0, copy: 0 };
const row = (key: string, figures: Record<string, unknown>) => ({
  key,
  generated: 0,
  rated: 0,
  rating_average: null,
  rating_histogram: [0, 0, 0, 0, 0],
  shares: none,
  shares_total: 0,
  page_views: 0,
  unique_visitors: 0,
  ...figures,
});

describe('GET /api/analytics/engagement', () => {
  it('answers an analyst the figures per day: jokes generated, current ratings, shares per platform, page views and visitors', async () => {
    expect(await report('')).toEqual({
      status: 200,
      headers: expect.anything(),
      body: {
        by: 'day',
        from: null,
        to: null,
        rows: [
          row('2026-03-01', { generated: 3, rated: 1, rating_average: 5, rating_histogram: [0, 0, 0, 0, 1], shares: { ...none, x: 1, copy: 1 }, shares_total: 2, page_views: 3, unique_visitors: 2 }),
          // Ana's change from 4 to 2 replaces her 4: it counts once, at 2, on the day she changed it.
          row('2026-03-03', { rated: 1, rating_average: 2, rating_histogram: [0, 1, 0, 0, 0], shares: { ...none, x: 1 }, shares_total: 1, page_views: 1, unique_visitors: 1 }),
        ],
      },
    });
  });

  it('groups by comedian, length and normalised topic, where page views are not attributable', async () => {
    expect((await report('?by=comedian')).body).toMatchObject({
      by: 'comedian',
      rows: [
        row('Ali Wong', { generated: 2, rated: 2, rating_average: 3.5, rating_histogram: [0, 1, 0, 0, 1], shares: { ...none, x: 2, copy: 1 }, shares_total: 3 }),
        row('Tig Notaro', { generated: 1 }),
      ],
    });
    expect((await report('?by=topic')).body).toMatchObject({ rows: [row('(none)', { generated: 1 }), { key: 'cats', generated: 2, rated: 2 }] });
    expect((await report('?by=length')).body).toMatchObject({ rows: [{ key: 'medium', generated: 1, rated: 1 }, { key: 'short', generated: 2, rated: 1 }] });
  });

  it('groups the shares by platform, and nothing else', async () => {
    expect((await report('?by=platform')).body).toMatchObject({
      rows: [row('copy', { shares: { ...none, copy: 1 }, shares_total: 1 }), row('x', { shares: { ...none, x: 2 }, shares_total: 2 })],
    });
  });

  it('keeps the days named by from and to, for an admin too', async () => {
    const answer = await report('?from=2026-03-02&to=2026-03-03', { userId: randomUUID(), roles: ['admin'] });
    expect(answer.body).toMatchObject({ by: 'day', from: '2026-03-02', to: '2026-03-03', rows: [{ key: '2026-03-03' }] });
    expect((await report('?to=2026-03-01&by=comedian')).body).toMatchObject({ rows: [{ key: 'Ali Wong', generated: 2, rated: 1, rating_histogram: [0, 0, 0, 0, 1] }, { key: 'Tig Notaro' }] });
  });

  it('answers 400 to a date that is no date or a dimension it does not know', async () => {
    expect(await report('?from=2026-02-30')).toMatchObject({ status: 400, body: { error: 'Invalid request', fieldErrors: { from: expect.any(Array) } } });
    expect(await report('?by=user')).toMatchObject({ status: 400, body: { fieldErrors: { by: expect.any(Array) } } });
  });

  it('answers 401 without a session and 403 to a user without the role', async () => {
    expect(await report('', null)).toMatchObject({ status: 401 });
    expect(await report('', { userId: randomUUID(), roles: ['support'] })).toMatchObject({ status: 403, body: { error: 'Forbidden', message: 'Engagement figures are for analysts.' } });
  });
});
