import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { subscriptionStreamId } from '@jokes/domain';
import { trialEnded, trialing } from '../testing/events.js';
import { QueryApp } from '../testing/query-app.js';

let api: QueryApp;
beforeAll(async () => {
  api = await QueryApp.start('qtrials');
  // Two trials start on 1 March; one ends unpaid on 4 March. One more starts on 10 March.
  const [ana, bo, cy] = [randomUUID(), randomUUID(), randomUUID()];
  await api.given(subscriptionStreamId(ana), trialing(ana, 'sub_a', '2026-03-01'));
  await api.given(subscriptionStreamId(bo), [...trialing(bo, 'sub_b', '2026-03-01'), trialEnded(bo, 'sub_b', '2026-03-04T08:01:00.000Z')]);
  await api.given(subscriptionStreamId(cy), trialing(cy, 'sub_c', '2026-03-10'));
});
afterAll(async () => api?.stop());

const analyst = { userId: randomUUID(), roles: ['analyst'] };
const figures = (search: string, as: { userId: string; roles?: string[] } | null = analyst) =>
  api.call('GET', `/api/analytics/trial-conversions${search}`, as ? { as } : {});

describe('GET /api/analytics/trial-conversions', () => {
  it('answers an analyst the figures per day and plan', async () => {
    expect(await figures('')).toMatchObject({
      status: 200,
      body: {
        days: [
          { day: '2026-03-01', plan: 'monthly', trials_started: 2, trials_converted: 0, trials_canceled: 0 },
          { day: '2026-03-04', plan: 'monthly', trials_started: 0, trials_converted: 0, trials_canceled: 1 },
          { day: '2026-03-10', plan: 'monthly', trials_started: 1, trials_converted: 0, trials_canceled: 0 },
        ],
      },
    });
  });

  it('includes the days named by from and to, for an admin too', async () => {
    const answer = await figures('?from=2026-03-04&to=2026-03-10', { userId: randomUUID(), roles: ['admin'] });
    expect((answer.body as { days: { day: string }[] }).days.map(({ day }) => day)).toEqual(['2026-03-04', '2026-03-10']);
    expect((await figures('?from=2026-03-02')).body).toMatchObject({ days: [{ day: '2026-03-04' }, { day: '2026-03-10' }] });
    expect((await figures('?to=2026-03-03')).body).toMatchObject({ days: [{ day: '2026-03-01' }] });
  });

  it('answers 400 to a date that is no date', async () => {
    expect(await figures('?from=2026-13-45')).toMatchObject({ status: 400, body: { error: 'Invalid request', fieldErrors: { from: expect.any(Array) } } });
  });

  it('answers 401 without a session and 403 to a user without the role', async () => {
    expect(await figures('', null)).toMatchObject({ status: 401 });
    expect(await figures('', { userId: randomUUID(), roles: ['support'] })).toMatchObject({ status: 403, body: { error: 'Forbidden', message: 'Trial figures are for analysts.' } });
  });
});
