import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSISTENT_POSITION_HEADER, type Catalogue, type GenerateJokeResponse, type Joke } from '@jokes/contracts';
import pg from 'pg';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { BillingClient } from './testing/billing-client.js';
import { TestIssuer } from './testing/test-issuer.js';

// The whole product as `npm start` runs it (supervisor, edge, command API,
// projectors, query API, PostgreSQL), spoken to over real HTTP.
let stack: RunningStack;
let catalogue: Catalogue;
let billing: BillingClient;
const issuer = new TestIssuer();

beforeAll(async () => {
  await issuer.start();
  stack = await startStack({ env: issuer.env() });
  catalogue = (await (await fetch(`${stack.baseUrl}/api/comedians`)).json()) as Catalogue;
  billing = new BillingClient(stack.baseUrl, stack.databaseUrl, issuer);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await issuer.stop();
}, 30_000);

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.baseUrl}${path}`, { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const newUserId = () => crypto.randomUUID();
/** History is Pro-only (SPEC 6): a user on a trial started with the test card that succeeds. */
const proUser = async () => {
  const user = await billing.newUser();
  const { confirmed } = await billing.subscribe(user, '4242 4242 4242 4242');
  if (confirmed.status !== 200) throw new Error(`the test card was not confirmed: ${JSON.stringify(confirmed.body)}`);
  return user;
};

const freeComedian = () => catalogue.comedians.find((c) => c.tier === 'free')!.name;
const premiumComedian = () => catalogue.comedians.find((c) => c.tier === 'premium' && !c.makeMeLaugh)!.name;

describe('the API behind the edge', () => {
  it('serves the catalogue with 11 free comedians, about 180 premium ones and the 26 Make Me Laugh names', () => {
    expect(catalogue.comedians.filter((c) => c.tier === 'free')).toHaveLength(11);
    expect(catalogue.comedians.filter((c) => c.tier === 'premium').length).toBeGreaterThanOrEqual(170);
    expect(catalogue.comedians.filter((c) => c.makeMeLaugh)).toHaveLength(26);
    expect(catalogue.lengths.map((l) => [l.value, l.tier])).toEqual([
      ['one-liner', 'premium'],
      ['short', 'free'],
      ['medium', 'premium'],
      ['long', 'premium'],
    ]);
  });

  it('generates a joke, stores it as an event, and shows it in history at once with the returned position', async () => {
    const { userId, token } = await proUser();
    const response = await post('/api/generate', { comedian_style: freeComedian(), topic: 'airline food', length: 'short', user_id: userId }, token);
    expect(response.status).toBe(200);
    const joke = (await response.json()) as GenerateJokeResponse;
    expect(joke).toMatchObject({ comedian_style: freeComedian(), topic: 'airline food', length: 'short', user_id: userId, rating: null });
    expect(joke.content.length).toBeGreaterThan(20);

    const history = await get(`/api/jokes/history?user_id=${userId}`, token, { [CONSISTENT_POSITION_HEADER]: joke.position });
    expect(history.status).toBe(200);
    expect(history.headers.get('x-consistency')).toBeNull();
    const jokes = (await history.json()) as Joke[];
    expect(jokes.map((j) => j.id)).toEqual([joke.id]);
    expect(jokes[0]).toMatchObject({ content: joke.content, comedian_style: joke.comedian_style, topic: 'airline food' });

    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const events = await db.query('SELECT stream_id, event_type, data, metadata FROM events WHERE stream_id = $1', [`joke-${joke.id}`]);
    await db.end();
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]).toMatchObject({ event_type: 'JokeGenerated', data: { jokeId: joke.id, userId }, metadata: { actor: userId } });
    expect(events.rows[0].metadata.correlationId).toEqual(expect.any(String));
  });

  it('lists history newest first', async () => {
    const { userId, token } = await proUser();
    let position = '';
    const ids: string[] = [];
    for (const topic of ['cats', 'dogs', 'taxes']) {
      // No user_id in the body: a signed-in caller's jokes are theirs anyway.
      const joke = (await (await post('/api/generate', { comedian_style: freeComedian(), topic }, token)).json()) as GenerateJokeResponse;
      expect(joke.user_id).toBe(userId);
      ids.push(joke.id);
      position = joke.position;
    }
    const jokes = (await (await get(`/api/jokes/history?user_id=${userId}`, token, { [CONSISTENT_POSITION_HEADER]: position })).json()) as Joke[];
    expect(jokes.map((j) => j.id)).toEqual(ids.reverse());
  });

  it('refuses history to a free user with 403 requiresPremium, the body generate answers', async () => {
    const userId = newUserId();
    const token = await issuer.token(userId);
    const joke = (await (await post('/api/generate', { comedian_style: freeComedian(), topic: 'cats' }, token)).json()) as GenerateJokeResponse;
    const history = await get(`/api/jokes/history?user_id=${userId}`, token, { [CONSISTENT_POSITION_HEADER]: joke.position });
    expect(history.status).toBe(403);
    expect(await history.json()).toEqual({ error: 'Premium Feature', message: 'Upgrade to Pro to keep a history of your jokes', requiresPremium: true });
  });

  it('refuses a premium comedian for a free user with 403 requiresPremium and writes nothing', async () => {
    const response = await post('/api/generate', { comedian_style: premiumComedian(), topic: 'cats', length: 'short' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: 'Premium Feature',
      message: 'Upgrade to access premium comedians and joke lengths',
      requiresPremium: true,
    });
  });

  it('refuses a premium length for a free user with 403 requiresPremium', async () => {
    const response = await post('/api/generate', { comedian_style: freeComedian(), topic: 'cats', length: 'long' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ requiresPremium: true });
  });

  it('honours the Make Me Laugh bypass only for its list and the short length, and suggests a topic', async () => {
    const pick = catalogue.comedians.find((c) => c.makeMeLaugh && c.tier === 'premium') ?? catalogue.comedians.find((c) => c.makeMeLaugh)!;
    const allowed = await post('/api/generate', { comedian_style: pick.name, topic: '', length: 'short', bypass_premium_check: true, ai_suggest_topic: true });
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as GenerateJokeResponse).topic).not.toBe('');
    const tooLong = await post('/api/generate', { comedian_style: pick.name, topic: '', length: 'long', bypass_premium_check: true });
    expect(tooLong.status).toBe(403);
    const notOnList = await post('/api/generate', { comedian_style: premiumComedian(), topic: '', length: 'short', bypass_premium_check: true });
    expect(notOnList.status).toBe(403);
    // SPEC 9: Make Me Laugh leaves the topic empty for the writer to suggest; a topic of one's own needs Pro.
    const listedPremium = catalogue.comedians.find((c) => c.makeMeLaugh && c.tier === 'premium')!.name;
    const ownTopic = await post('/api/generate', { comedian_style: listedPremium, topic: 'my landlord', length: 'short', bypass_premium_check: true, ai_suggest_topic: true });
    expect(ownTopic.status).toBe(403);
    expect(await ownTopic.json()).toMatchObject({ requiresPremium: true });
    const notSuggested = await post('/api/generate', { comedian_style: listedPremium, topic: '', length: 'short', bypass_premium_check: true });
    expect(notSuggested.status).toBe(403);
  });

  it('answers invalid input with 400 and the field errors', async () => {
    const response = await post('/api/generate', { comedian_style: '', topic: 7, length: 'epic' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(body.error).toBe('Invalid request');
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['comedian_style', 'length', 'topic']);
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const response = await fetch(`${stack.baseUrl}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(response.status).toBe(400);
  });

  it('answers an unknown comedian with 400', async () => {
    const response = await post('/api/generate', { comedian_style: 'Nobody Atall', topic: 'cats' });
    expect(response.status).toBe(400);
  });

  it('requires user_id for history with 400', async () => {
    const response = await get('/api/jokes/history', await issuer.token(newUserId()));
    expect(response.status).toBe(400);
  });

  it('answers an unknown API path with a JSON 404 and any other path with the web app', async () => {
    const api = await fetch(`${stack.baseUrl}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'Not Found' });
    const page = await fetch(`${stack.baseUrl}/some/page`);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('reports every part of the product ready on /api/health (the local payment provider, an outside system, is not one)', async () => {
    const response = await fetch(`${stack.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      services: { 'command-api': 'ok', 'query-api': 'ok', projectors: 'ok', database: 'ok', mail: 'ok' },
      // The offline writer and engine cost nothing: the paid providers' budgets stand untouched.
      spend: {
        'model-calls': { used: 0, ceiling: 600, freeLimit: 300, resetsAt: expect.any(String) },
        'narration-characters': { used: 0, ceiling: 100_000, freeLimit: 50_000, resetsAt: expect.any(String) },
      },
      // Support's queue of reported jokes: empty here.
      reports: { open: 0, olderThan24h: 0, oldestAgeSeconds: null },
    });
  });
});

describe('the web app behind the edge', () => {
  it('sends compressed, long-cached assets and a revalidated page', async () => {
    const page = await fetch(`${stack.baseUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${stack.baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await asset.text()).length).toBeGreaterThan(100);
  });
});
