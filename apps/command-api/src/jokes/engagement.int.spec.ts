import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jokeStreamId } from '@jokes/domain';
import { PostgresEventStore } from '@jokes/event-store';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';
import { signedInUser, type SignedInUser } from '../testing/signed-in-user.js';

let app: AuthApp;
let store: PostgresEventStore;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  app = await startAuthApp();
  store = new PostgresEventStore(app.db.pool, { notify: false });
  [owner, other] = [await signedInUser(app, 'rater'), await signedInUser(app, 'other')];
}, 60_000);
afterAll(async () => app?.stop(), 30_000);

/** A joke already on its stream, as POST /api/generate leaves it. */
async function aJoke(userId: string | null = owner.id): Promise<string> {
  const jokeId = randomUUID();
  await store.append(
    jokeStreamId(jokeId),
    [{ type: 'JokeGenerated', data: { jokeId, userId, comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'A cat joke.', writer: 'offline', premiumBypass: false, generatedAt: new Date().toISOString() } }],
    { expectedVersion: 'no_stream' },
  );
  return jokeId;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const as = (user: SignedInUser) => ({ authorization: `Bearer ${user.token}` });
const streamTypes = async (jokeId: string) => (await store.readStream(jokeStreamId(jokeId))).map((event) => event.type);

describe('POST /api/jokes/:id/rate', () => {
  it('rates a joke for the signed-in caller and answers the rating and a position', async () => {
    const jokeId = await aJoke();
    const response = await post(`/api/jokes/${jokeId}/rate`, { rating: 4, user_id: owner.id }, as(owner));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: jokeId, rating: 4, position: expect.stringMatching(/^\d+\.\d+$/) });
    const [, rated] = await store.readStream(jokeStreamId(jokeId));
    expect(rated).toMatchObject({ type: 'JokeRated', data: { userId: owner.id, rating: 4, previousRating: null }, metadata: { actor: owner.id } });
  });

  it('asks for a login without a session (401) and stores nothing', async () => {
    const jokeId = await aJoke();
    const response = await post(`/api/jokes/${jokeId}/rate`, { rating: 4, user_id: owner.id });
    expect(response.status).toBe(401);
    expect(await streamTypes(jokeId)).toEqual(['JokeGenerated']);
  });

  it("refuses another user's user_id (403) and stores nothing", async () => {
    const jokeId = await aJoke();
    const response = await post(`/api/jokes/${jokeId}/rate`, { rating: 4, user_id: owner.id }, as(other));
    expect(response.status).toBe(403);
    expect(await streamTypes(jokeId)).toEqual(['JokeGenerated']);
  });

  it.each([0, 6, 2.5, '5', null])('refuses the rating %p with 400 naming the field', async (rating) => {
    const jokeId = await aJoke();
    const response = await post(`/api/jokes/${jokeId}/rate`, { rating, user_id: owner.id }, as(owner));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Invalid request', fieldErrors: { rating: expect.any(Array) } });
    expect(await streamTypes(jokeId)).toEqual(['JokeGenerated']);
  });

  it('answers 404 for a joke that does not exist', async () => {
    const response = await post(`/api/jokes/${randomUUID()}/rate`, { rating: 4, user_id: owner.id }, as(owner));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'joke_not_found' });
  });

  it('appends nothing for the same rating twice, and one event for a change', async () => {
    const jokeId = await aJoke();
    const first = await post(`/api/jokes/${jokeId}/rate`, { rating: 4, user_id: owner.id }, as(owner));
    const same = await post(`/api/jokes/${jokeId}/rate`, { rating: 4, user_id: owner.id }, as(owner));
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual(await first.json());
    expect(await streamTypes(jokeId)).toEqual(['JokeGenerated', 'JokeRated']);

    const changed = await post(`/api/jokes/${jokeId}/rate`, { rating: 2, user_id: owner.id }, as(owner));
    expect(changed.status).toBe(200);
    const events = await store.readStream(jokeStreamId(jokeId));
    expect(events.map((event) => event.type)).toEqual(['JokeGenerated', 'JokeRated', 'JokeRated']);
    expect(events[2]!.data).toMatchObject({ rating: 2, previousRating: 4 });
  });

  it("lets a signed-in user rate someone else's joke as themselves", async () => {
    const jokeId = await aJoke(owner.id);
    const response = await post(`/api/jokes/${jokeId}/rate`, { rating: 5, user_id: other.id }, as(other));
    expect(response.status).toBe(200);
    expect((await store.readStream(jokeStreamId(jokeId)))[1]!.data).toMatchObject({ userId: other.id, rating: 5 });
  });

  it('answers a retry with the same Idempotency-Key with the first answer, replayed, and rates once', async () => {
    const jokeId = await aJoke();
    const key = randomUUID();
    const first = await post(`/api/jokes/${jokeId}/rate`, { rating: 3, user_id: owner.id }, { ...as(owner), 'idempotency-key': key });
    const retry = await post(`/api/jokes/${jokeId}/rate`, { rating: 3, user_id: owner.id }, { ...as(owner), 'idempotency-key': key });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await first.json());
    expect(await streamTypes(jokeId)).toEqual(['JokeGenerated', 'JokeRated']);

    const reused = await post(`/api/jokes/${jokeId}/rate`, { rating: 1, user_id: owner.id }, { ...as(owner), 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(await streamTypes(jokeId)).toEqual(['JokeGenerated', 'JokeRated']);
  });
});

describe('POST /api/jokes/:id/share', () => {
  const visitorId = randomUUID();

  it("records an anonymous visitor's share without a session", async () => {
    const jokeId = await aJoke(null);
    const response = await post(`/api/jokes/${jokeId}/share`, { platform: 'x', visitor_id: visitorId });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ position: expect.stringMatching(/^\d+\.\d+$/) });
    const [, shared] = await store.readStream(jokeStreamId(jokeId));
    expect(shared).toMatchObject({ type: 'JokeShared', data: { userId: null, visitorId, platform: 'x' }, metadata: { actor: 'anonymous' } });
  });

  it('records a signed-in user as the sharer', async () => {
    const jokeId = await aJoke();
    const response = await post(`/api/jokes/${jokeId}/share`, { platform: 'copy', visitor_id: visitorId, user_id: owner.id }, as(owner));
    expect(response.status).toBe(200);
    expect((await store.readStream(jokeStreamId(jokeId)))[1]!.data).toMatchObject({ userId: owner.id, platform: 'copy' });
  });

  it("refuses a signed-in caller sharing under another user's id (403), and an anonymous one naming a user", async () => {
    const jokeId = await aJoke();
    const foreign = await post(`/api/jokes/${jokeId}/share`, { platform: 'sms', visitor_id: visitorId, user_id: owner.id }, as(other));
    const anonymous = await post(`/api/jokes/${jokeId}/share`, { platform: 'sms', visitor_id: visitorId, user_id: owner.id });
    expect([foreign.status, anonymous.status]).toEqual([403, 403]);
    expect(await streamTypes(jokeId)).toEqual(['JokeGenerated']);
  });

  it('refuses an unknown platform or a visitor id that is not a UUID (400), and an unknown joke (404)', async () => {
    const jokeId = await aJoke();
    expect((await post(`/api/jokes/${jokeId}/share`, { platform: 'twitter', visitor_id: visitorId })).status).toBe(400);
    expect((await post(`/api/jokes/${jokeId}/share`, { platform: 'x', visitor_id: 'me' })).status).toBe(400);
    expect((await post(`/api/jokes/${randomUUID()}/share`, { platform: 'x', visitor_id: visitorId })).status).toBe(404);
    expect(await streamTypes(jokeId)).toEqual(['JokeGenerated']);
  });
});
