import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { subscriptionStreamId, userStreamId } from '@jokes/domain';
import { registered, trialing } from '../testing/events.js';
import { QueryApp } from '../testing/query-app.js';

let api: QueryApp;
beforeAll(async () => {
  api = await QueryApp.start('qsync');
});
afterAll(async () => api?.stop());

const sync = (userId: string, body: unknown, roles: string[] = []) => api.call('POST', '/api/sync-user', { as: { userId, roles }, body });

describe('POST /api/sync-user', () => {
  it('given a confirmed account with a trial, answers the user record with its customer, Pro and the roles of the token', async () => {
    const userId = randomUUID();
    await api.given(userStreamId(userId), [
      registered(userId, '2026-11-22T10:00:00.000Z'),
      { type: 'EmailConfirmed', data: { userId, email: `${userId}@example.com`, confirmedAt: '2026-11-22T10:05:00.000Z' } },
    ]);
    await api.given(subscriptionStreamId(userId), trialing(userId, `sub_${userId}`));
    const answer = await sync(userId, { id: userId, email: `${userId}@example.com` }, ['support']);
    expect(answer).toEqual({
      status: 200,
      headers: expect.anything(),
      body: {
        id: userId,
        email: `${userId}@example.com`,
        username: userId,
        created_at: '2026-11-22T10:00:00.000Z',
        stripe_customer_id: `cus_${userId}`,
        has_active_subscription: true,
        selected_voice_id: null,
        email_confirmed: true,
        roles: ['support'],
      },
    });
  });

  it('answers the voice the user chose last', async () => {
    const userId = randomUUID();
    await api.given(userStreamId(userId), [
      registered(userId),
      { type: 'VoicePreferenceChanged', data: { userId, voiceId: 'flite-slt', previousVoiceId: null, changedAt: '2026-11-22T11:00:00.000Z' } },
    ]);
    expect((await sync(userId, { id: userId })).body).toMatchObject({ selected_voice_id: 'flite-slt' });
  });

  it('answers a new account as unconfirmed, without customer or Pro', async () => {
    const userId = randomUUID();
    await api.given(userStreamId(userId), [registered(userId)]);
    expect((await sync(userId, { id: userId })).body).toMatchObject({ stripe_customer_id: null, has_active_subscription: false, email_confirmed: false, roles: [] });
  });

  it('answers 404 when the session has no account row', async () => {
    const userId = randomUUID();
    expect(await sync(userId, { id: userId })).toMatchObject({ status: 404, body: { error: 'Not Found', message: 'No account found for this session.' } });
  });

  it('answers 400 naming the field when the body has no id', async () => {
    expect(await sync(randomUUID(), { email: 'a@example.com' })).toMatchObject({ status: 400, body: { error: 'Invalid request', fieldErrors: { id: expect.any(Array) } } });
  });

  it('answers 401 without a session', async () => {
    expect(await api.call('POST', '/api/sync-user', { body: { id: randomUUID() } })).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
  });

  it("answers 403 to another user's id", async () => {
    const other = randomUUID();
    await api.given(userStreamId(other), [registered(other)]);
    expect(await sync(randomUUID(), { id: other })).toMatchObject({ status: 403, body: { error: 'Forbidden', message: 'You can only act on your own account.' } });
  });
});
