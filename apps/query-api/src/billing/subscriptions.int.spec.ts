import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { subscriptionStreamId } from '@jokes/domain';
import { trialEnded, trialing } from '../testing/events.js';
import { QueryApp } from '../testing/query-app.js';

let api: QueryApp;
beforeAll(async () => {
  api = await QueryApp.start('qsubs');
});
afterAll(async () => api?.stop());

/** A first trial that ended unpaid, then a second checkout that is trialing. */
async function resubscribed(userId: string) {
  await api.given(subscriptionStreamId(userId), [
    ...trialing(userId, `sub_1_${userId}`, '2026-03-01'),
    trialEnded(userId, `sub_1_${userId}`, '2026-03-04T08:01:00.000Z'),
    ...trialing(userId, `sub_2_${userId}`, '2026-04-01'),
  ]);
}

const row = (userId: string, subscriptionId: string, status: string, day: string, updatedAt: string, periodEnd: string) => ({
  id: expect.any(String),
  user_id: userId,
  stripe_subscription_id: subscriptionId,
  stripe_customer_id: `cus_${userId}`,
  status,
  plan: 'monthly',
  current_period_end: periodEnd,
  cancel_at_period_end: false,
  created_at: `${day}T08:00:00.000Z`,
  updated_at: updatedAt,
});

describe('GET /api/subscriptions', () => {
  it("given a user's subscriptions, answers their rows newest first", async () => {
    const userId = randomUUID();
    await resubscribed(userId);
    const answer = await api.call('GET', `/api/subscriptions?user_id=${userId}`, { as: { userId } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      row(userId, `sub_2_${userId}`, 'trialing', '2026-04-01', '2026-04-01T08:01:00.000Z', '2026-04-04T08:01:00.000Z'),
      row(userId, `sub_1_${userId}`, 'canceled', '2026-03-01', '2026-03-04T08:01:00.000Z', '2026-03-04T08:01:00.000Z'),
    ]);
  });

  it('answers 400 without user_id, 401 without a session, 403 for another user', async () => {
    const userId = randomUUID();
    expect(await api.call('GET', '/api/subscriptions', { as: { userId } })).toMatchObject({ status: 400, body: { fieldErrors: { user_id: expect.any(Array) } } });
    expect(await api.call('GET', `/api/subscriptions?user_id=${userId}`)).toMatchObject({ status: 401 });
    expect(await api.call('GET', `/api/subscriptions?user_id=${userId}`, { as: { userId: randomUUID() } })).toMatchObject({
      status: 403,
      body: { error: 'Forbidden', message: 'You can only act on your own account.' },
    });
  });
});

describe('GET /api/subscription-status', () => {
  it("given a trialing subscription, answers the account card's detail", async () => {
    const userId = randomUUID();
    await resubscribed(userId);
    const answer = await api.call('GET', `/api/subscription-status?user_id=${userId}`, { as: { userId } });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        status: 'trialing',
        isActive: true,
        isPro: true,
        currentPeriodEnd: '2026-04-04T08:01:00.000Z',
        plan: 'monthly',
        cancelAtPeriodEnd: false,
        stripeCustomerId: `cus_${userId}`,
      },
    });
  });

  it('answers a user who never subscribed with no status', async () => {
    const userId = randomUUID();
    expect((await api.call('GET', `/api/subscription-status?user_id=${userId}`, { as: { userId } })).body).toEqual({
      status: null,
      isActive: false,
      isPro: false,
      currentPeriodEnd: null,
      plan: null,
      cancelAtPeriodEnd: false,
      stripeCustomerId: null,
    });
  });

  it('answers 400 without user_id, 401 without a session, 403 for another user', async () => {
    const userId = randomUUID();
    expect(await api.call('GET', '/api/subscription-status', { as: { userId } })).toMatchObject({ status: 400 });
    expect(await api.call('GET', `/api/subscription-status?user_id=${userId}`)).toMatchObject({ status: 401 });
    expect(await api.call('GET', `/api/subscription-status?user_id=${userId}`, { as: { userId: randomUUID() } })).toMatchObject({ status: 403 });
  });
});

describe('GET /api/debug-subscription/:id', () => {
  it('answers the owner their entitlement and rows', async () => {
    const userId = randomUUID();
    await resubscribed(userId);
    const answer = await api.call('GET', `/api/debug-subscription/${userId}`, { as: { userId } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ user_id: userId, has_active_subscription: true, subscriptions: [{ status: 'trialing' }, { status: 'canceled' }] });
  });

  it("lets support staff and admins read anyone's, and no one else", async () => {
    const userId = randomUUID();
    await resubscribed(userId);
    for (const roles of [['support'], ['admin']]) {
      expect(await api.call('GET', `/api/debug-subscription/${userId}`, { as: { userId: randomUUID(), roles } })).toMatchObject({ status: 200, body: { user_id: userId } });
    }
    expect(await api.call('GET', `/api/debug-subscription/${userId}`, { as: { userId: randomUUID(), roles: ['analyst'] } })).toMatchObject({
      status: 403,
      body: { error: 'Forbidden', message: 'You can only act on your own account.' },
    });
  });

  it('answers a user without subscriptions as not Pro, and 401 without a session', async () => {
    const userId = randomUUID();
    expect((await api.call('GET', `/api/debug-subscription/${userId}`, { as: { userId } })).body).toEqual({ user_id: userId, has_active_subscription: false, subscriptions: [] });
    expect(await api.call('GET', `/api/debug-subscription/${userId}`)).toMatchObject({ status: 401 });
  });
});
