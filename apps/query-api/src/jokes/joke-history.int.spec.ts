import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { subscriptionStreamId } from '@jokes/domain';
import { jokeGenerated, trialEnded, trialing } from '../testing/events.js';
import { QueryApp } from '../testing/query-app.js';

let api: QueryApp;
beforeAll(async () => {
  api = await QueryApp.start('qhistory');
});
afterAll(async () => api?.stop());

const history = (userId: string, options: Parameters<QueryApp['call']>[2] = {}) => api.call('GET', `/api/jokes/history?user_id=${userId}`, options);

/** A Pro user (trialing) with two jokes, and someone else's joke and an anonymous one beside them. */
async function proWithJokes() {
  const userId = randomUUID();
  await api.given(subscriptionStreamId(userId), trialing(userId, `sub_${userId}`));
  const older = jokeGenerated(userId, '2026-03-02T09:00:00.000Z', { topic: 'airline food' });
  const newer = jokeGenerated(userId, '2026-03-02T10:00:00.000Z', { comedianStyle: 'Bill Burr', length: 'medium' });
  for (const joke of [older, newer, jokeGenerated(randomUUID(), '2026-03-02T11:00:00.000Z'), jokeGenerated(null, '2026-03-02T12:00:00.000Z')]) {
    await api.given(`joke-${joke.data.jokeId}`, [joke]);
  }
  return { userId, older, newer };
}

describe('GET /api/jokes/history', () => {
  it("given a Pro user's jokes, answers only theirs, newest first", async () => {
    const { userId, older, newer } = await proWithJokes();
    const answer = await history(userId, { as: { userId } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: newer.data.jokeId,
        content: newer.data.content,
        comedian_style: 'Bill Burr',
        topic: 'cats',
        length: 'medium',
        created_at: '2026-03-02T10:00:00.000Z',
        user_id: userId,
        rating: null,
      },
      {
        id: older.data.jokeId,
        content: older.data.content,
        comedian_style: 'Ali Wong',
        topic: 'airline food',
        length: 'short',
        created_at: '2026-03-02T09:00:00.000Z',
        user_id: userId,
        rating: null,
      },
    ]);
  });

  it('answers 403 requiresPremium to a user who never subscribed, and to one whose trial ended', async () => {
    const never = randomUUID();
    const ended = randomUUID();
    await api.given(subscriptionStreamId(ended), [...trialing(ended, `sub_${ended}`), trialEnded(ended, `sub_${ended}`, '2026-03-04T08:01:00.000Z')]);
    for (const userId of [never, ended]) {
      expect(await history(userId, { as: { userId } })).toMatchObject({
        status: 403,
        body: { error: 'Premium Feature', message: 'Upgrade to Pro to keep a history of your jokes', requiresPremium: true },
      });
    }
  });

  it('answers 400 naming the field when user_id is missing', async () => {
    const userId = randomUUID();
    const answer = await api.call('GET', '/api/jokes/history', { as: { userId } });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Invalid request', fieldErrors: { user_id: expect.any(Array) } } });
  });

  it('answers 401 without a session, before looking at the input', async () => {
    expect(await api.call('GET', '/api/jokes/history')).toMatchObject({ status: 401, body: { error: 'Unauthorized', message: 'Please log in to continue.' } });
  });

  it('answers 401 to a token it cannot verify', async () => {
    const answer = await history(randomUUID(), { token: 'not.a.token' });
    expect(answer).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
  });

  it("answers 403 to another user's id, Pro or not", async () => {
    const { userId } = await proWithJokes();
    const answer = await history(userId, { as: { userId: randomUUID() } });
    expect(answer).toMatchObject({ status: 403, body: { error: 'Forbidden', message: 'You can only act on your own account.' } });
  });
});

describe('read your writes', () => {
  it('answers fresh once the read models have passed the position a command returned', async () => {
    const userId = randomUUID();
    await api.given(subscriptionStreamId(userId), trialing(userId, `sub_${userId}`));
    const joke = jokeGenerated(userId, '2026-03-05T09:00:00.000Z');
    const position = await api.given(`joke-${joke.data.jokeId}`, [joke]);
    const answer = await history(userId, { as: { userId }, position });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-consistency')).toBeNull();
    expect(answer.body).toEqual([expect.objectContaining({ id: joke.data.jokeId })]);
  });

  it('answers with what it has, marked stale, when the read models never reach the position', async () => {
    const userId = randomUUID();
    await api.given(subscriptionStreamId(userId), trialing(userId, `sub_${userId}`));
    const answer = await history(userId, { as: { userId }, position: '999999999.999999999' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-consistency')).toBe('stale');
    expect(answer.body).toEqual([]);
  });
});
