import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GenerateJokeResponse } from '@jokes/contracts';
import { jokeStreamId } from '@jokes/domain';
import { PostgresEventStore } from '@jokes/event-store';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { RAISED_RATE_LIMITS, startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient, type TestUser } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// Publishing and unpublishing through the whole product: a share publishes the
// joke at /j/{id} (page and card from the query side, through the edge), only
// its owner unpublishes it, and afterwards a stranger's share does not bring it back.
let stack: RunningStack;
let client: BillingClient;
let pool: pg.Pool;
let store: PostgresEventStore;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: { ...issuer.env(), ...RAISED_RATE_LIMITS } });
  client = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
  pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  store = new PostgresEventStore(pool, { notify: false });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await stack?.stop();
  await issuer.stop();
}, 30_000);

const call = (method: string, path: string, token?: string, body?: unknown) => client.call(method, path, { token, body });
const page = (jokeId: string, position?: string) => fetch(`${stack.baseUrl}/j/${jokeId}`, { headers: position ? { 'x-consistent-position': position } : {} });
const card = (jokeId: string, position?: string) => fetch(`${stack.baseUrl}/j/${jokeId}/card/1200x630.png`, { headers: position ? { 'x-consistent-position': position } : {} });

async function aSharedJoke(owner: TestUser, sharer: TestUser | null = owner): Promise<{ joke: GenerateJokeResponse; position: string }> {
  const generated = await call('POST', '/api/generate', owner.token, { comedian_style: 'Ali Wong', topic: `cats ${randomUUID()}`, length: 'short' });
  const joke = generated.body as GenerateJokeResponse;
  const shared = await call('POST', `/api/jokes/${joke.id}/share`, sharer?.token, { platform: 'x', visitor_id: randomUUID(), ...(sharer ? { user_id: sharer.userId } : {}) });
  expect(shared.status).toBe(200);
  return { joke, position: (shared.body as { position: string }).position };
}

const unpublish = (jokeId: string, user?: TestUser, userId = user?.userId) => call('POST', `/api/jokes/${jokeId}/unpublish`, user?.token, { user_id: userId ?? randomUUID() });

describe('the public page of a shared joke, through the edge', () => {
  it('is published by a share: the page (with the edge security headers) and a PNG card', async () => {
    const owner = await client.newUser();
    const { joke, position } = await aSharedJoke(owner, null);
    const answer = await page(joke.id, position);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("img-src 'self'");
    const html = await answer.text();
    expect(html).toContain(`<meta property="og:image" content="${stack.baseUrl.replace('127.0.0.1', 'localhost')}/j/${joke.id}/card/1200x630.png">`);
    const png = await card(joke.id);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });
});

describe('POST /api/jokes/:id/unpublish', () => {
  it('takes the page and card down for the owner only; a stranger sharing it again does not bring it back, the owner does', async () => {
    const owner = await client.newUser();
    const stranger = await client.newUser();
    const { joke, position } = await aSharedJoke(owner);
    expect((await page(joke.id, position)).status).toBe(200);

    expect((await unpublish(joke.id)).status).toBe(401);
    expect((await unpublish(joke.id, stranger, owner.userId)).status).toBe(403);
    expect((await unpublish(joke.id, stranger)).status).toBe(404);
    expect((await unpublish('not-a-joke-id', owner)).status).toBe(400);
    expect((await store.readStream(jokeStreamId(joke.id))).map((event) => event.type)).toEqual(['JokeGenerated', 'JokeShared']);

    const done = await unpublish(joke.id, owner);
    expect(done).toMatchObject({ status: 200, body: { id: joke.id, position: expect.stringMatching(/^\d+\.\d+$/) } });
    const down = (done.body as { position: string }).position;
    expect((await page(joke.id, down)).status).toBe(404);
    expect((await card(joke.id, down)).status).toBe(404);
    // Again: nothing new.
    expect((await unpublish(joke.id, owner)).status).toBe(200);
    expect((await store.readStream(jokeStreamId(joke.id))).map((event) => event.type)).toEqual(['JokeGenerated', 'JokeShared', 'JokeUnpublished']);

    const strangerShare = await call('POST', `/api/jokes/${joke.id}/share`, stranger.token, { platform: 'copy', visitor_id: randomUUID(), user_id: stranger.userId });
    expect((await page(joke.id, (strangerShare.body as { position: string }).position)).status).toBe(404);
    const ownerShare = await call('POST', `/api/jokes/${joke.id}/share`, owner.token, { platform: 'x', visitor_id: randomUUID(), user_id: owner.userId });
    expect((await page(joke.id, (ownerShare.body as { position: string }).position)).status).toBe(200);
  });
});

describe('POST /api/jokes/:id/remove-from-history', () => {
  const remove = (jokeId: string, user?: TestUser, userId = user?.userId) => call('POST', `/api/jokes/${jokeId}/remove-from-history`, user?.token, { user_id: userId ?? randomUUID() });
  const inHistory = async (jokeId: string) => (await pool.query('SELECT 1 FROM jokes WHERE id = $1', [jokeId])).rowCount === 1;

  it("takes a shared joke out of its owner's history and its page down, for the owner only, once", async () => {
    const owner = await client.newUser();
    const stranger = await client.newUser();
    const { joke, position } = await aSharedJoke(owner);
    expect((await page(joke.id, position)).status).toBe(200);
    expect(await inHistory(joke.id)).toBe(true);

    expect((await remove(joke.id)).status).toBe(401);
    expect((await remove(joke.id, stranger, owner.userId)).status).toBe(403);
    expect((await remove(joke.id, stranger)).status).toBe(404);
    expect((await remove('not-a-joke-id', owner)).status).toBe(400);
    expect((await call('POST', `/api/jokes/${joke.id}/remove-from-history`, owner.token, {})).status).toBe(400);
    expect((await store.readStream(jokeStreamId(joke.id))).map((event) => event.type)).toEqual(['JokeGenerated', 'JokeShared']);

    const done = await remove(joke.id, owner);
    expect(done).toMatchObject({ status: 200, body: { id: joke.id, position: expect.stringMatching(/^\d+\.\d+$/) } });
    // The page's read waits for the removal's position, and reads the history's table too.
    expect((await page(joke.id, (done.body as { position: string }).position)).status).toBe(404);
    expect(await inHistory(joke.id)).toBe(false);
    // Again: nothing new.
    expect((await remove(joke.id, owner)).status).toBe(200);
    const events = await store.readStream(jokeStreamId(joke.id));
    expect(events.map((event) => event.type)).toEqual(['JokeGenerated', 'JokeShared', 'JokeUnpublished', 'JokeRemovedFromHistory']);
    expect(events.at(-1)).toMatchObject({ data: { jokeId: joke.id, userId: owner.userId }, metadata: { actor: owner.userId, command: 'RemoveJokeFromHistory' } });
  });

  it('refuses bad input in words (400 naming the field), a hostile user_id (403) and a body that is not JSON (4xx), never a 5xx, and stores nothing', async () => {
    const owner = await client.newUser();
    const { joke } = await aSharedJoke(owner);
    const path = `/api/jokes/${joke.id}/remove-from-history`;
    expect(await call('POST', path, owner.token, {})).toMatchObject({
      status: 400,
      body: { error: 'Invalid request', message: expect.stringContaining('user_id'), fieldErrors: { user_id: expect.any(Array) } },
    });
    expect(await call('POST', path, owner.token, { user_id: '' })).toMatchObject({ status: 400, body: { fieldErrors: { user_id: expect.any(Array) } } });
    expect(await call('POST', path, owner.token, { user_id: 'a\u0000b' })).toMatchObject({ status: 400, body: { fieldErrors: { user_id: expect.any(Array) } } });
    expect(await remove('not-a-joke-id', owner)).toMatchObject({ status: 400, body: { message: expect.stringContaining('id') } });
    expect(await call('POST', path, owner.token, { user_id: 'x'.repeat(5_000) })).toMatchObject({ status: 403, body: { message: expect.any(String) } });
    const notJson = await fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/plain' }, body: 'user_id=me' });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    // A GET has no route there: 404 from the command side, not a 5xx.
    expect((await fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(404);
    expect((await store.readStream(jokeStreamId(joke.id))).map((event) => event.type)).toEqual(['JokeGenerated', 'JokeShared']);
  });
});
