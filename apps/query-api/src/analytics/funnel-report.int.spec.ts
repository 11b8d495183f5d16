import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { subscriptionStreamId, type SubscriptionActivated, type VisitorActivityRecorded } from '@jokes/domain';
import { registered, trialing } from '../testing/events.js';
import { QueryApp } from '../testing/query-app.js';

const item = (visitorId: string, name: VisitorActivityRecorded['data']['name'], occurredAt: string): VisitorActivityRecorded => ({
  type: 'VisitorActivityRecorded',
  data: { visitorId, name, occurredAt, receivedAt: occurredAt, path: name === 'page_view' ? '/' : null, comedianStyle: null, length: null, topic: null, platform: null, value: null },
});
const activated = (userId: string, subscriptionId: string, activatedAt: string): SubscriptionActivated => ({
  type: 'SubscriptionActivated',
  data: { userId, subscriptionId, plan: 'monthly', invoiceId: 'in_1', amountPaid: 499, currency: 'usd', currentPeriodEnd: '2026-04-04T08:01:00.000Z', fromTrial: true, activatedAt },
});

let api: QueryApp;
beforeAll(async () => {
  api = await QueryApp.start('qfunnel');
  // 1 March: three visitors; two generate (one of them twice), one of those rates, another only shares.
  // Ana signs up and starts a trial; it is paid on 4 March.
  const [v1, v2, v3] = [randomUUID(), randomUUID(), randomUUID()];
  await api.given(`visitor-${v1}`, [
    item(v1, 'page_view', '2026-03-01T10:00:00.000Z'),
    item(v1, 'generate_joke', '2026-03-01T10:01:00.000Z'),
    item(v1, 'generate_joke', '2026-03-01T10:02:00.000Z'),
    item(v1, 'rate_joke', '2026-03-01T10:03:00.000Z'),
  ]);
  await api.given(`visitor-${v2}`, [item(v2, 'page_view', '2026-03-01T11:00:00.000Z'), item(v2, 'generate_joke', '2026-03-01T11:01:00.000Z')]);
  await api.given(`visitor-${v3}`, [item(v3, 'share_joke', '2026-03-01T12:00:00.000Z'), item(v3, 'page_view', '2026-03-02T12:00:00.000Z')]);
  const ana = randomUUID();
  await api.given(`user-${ana}`, [registered(ana, '2026-03-01T10:05:00.000Z')]);
  await api.given(subscriptionStreamId(ana), [...trialing(ana, 'sub_a', '2026-03-01'), activated(ana, 'sub_a', '2026-03-04T08:01:00.000Z')]);
});
afterAll(async () => api?.stop());

const analyst = { userId: randomUUID(), roles: ['analyst'] };
const funnel = (search: string, as: { userId: string; roles?: string[] } | null = analyst) => api.call('GET', `/api/analytics/funnel${search}`, as ? { as } : {});

describe('GET /api/analytics/funnel', () => {
  it('answers per day the distinct visitors at each step, then sign-ups, trials and first payments', async () => {
    expect(await funnel('')).toMatchObject({
      status: 200,
      body: {
        days: [
          { day: '2026-03-01', visitors: 3, generated: 2, engaged: 2, signed_up: 1, trials: 1, paid: 0 },
          { day: '2026-03-02', visitors: 1, generated: 0, engaged: 0, signed_up: 0, trials: 0, paid: 0 },
          { day: '2026-03-04', visitors: 0, generated: 0, engaged: 0, signed_up: 0, trials: 0, paid: 1 },
        ],
      },
    });
  });

  it('keeps the days named by from and to, for an admin too', async () => {
    const answer = await funnel('?from=2026-03-02&to=2026-03-04', { userId: randomUUID(), roles: ['admin'] });
    expect((answer.body as { days: { day: string }[] }).days.map(({ day }) => day)).toEqual(['2026-03-02', '2026-03-04']);
  });

  it('answers 400 to a date that is no date', async () => {
    expect(await funnel('?to=yesterday')).toMatchObject({ status: 400, body: { fieldErrors: { to: expect.any(Array) } } });
  });

  it('answers 401 without a session and 403 to a user without the role', async () => {
    expect(await funnel('', null)).toMatchObject({ status: 401 });
    expect(await funnel('', { userId: randomUUID(), roles: ['support'] })).toMatchObject({ status: 403, body: { error: 'Forbidden', message: 'Funnel figures are for analysts.' } });
  });
});
