import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FREE_COMEDIANS } from '@jokes/domain';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';
import { answer, flags, json, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from './writers/testing/openai-compatible-server.js';

/**
 * Content safety on the real generate route: the topic judged before any
 * writer runs, the joke before it is stored or shown, and a refusal recorded
 * without the refused text.
 */
const free = FREE_COMEDIANS[0]!.name;
const REFUSED_TOPIC = { error: "Let's keep it funny", message: 'That topic is off-limits. Try another one.' };
const REFUSED_JOKE = { error: "Let's keep it funny", message: 'That one came out wrong. Try another topic.' };
/** Many generates from one client in a few seconds: the rate limit is another spec's subject. */
const NO_RATE_LIMIT = { RATE_LIMIT_GENERATE_PER_MINUTE: '0', RATE_LIMIT_GENERATE_PER_HOUR: '0' };

async function generate(app: AuthApp, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<{ status: number; retryAfter: string | null; text: string }> {
  const response = await fetch(`${app.url}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
}

/** Every stored event's data and metadata, as text, to search for what must not be there. */
async function storedText(app: AuthApp): Promise<string> {
  const { rows } = await app.db.pool.query<{ data: string; metadata: string }>('SELECT data::text AS data, metadata::text AS metadata FROM events');
  return rows.map(({ data, metadata }) => `${data}\n${metadata}`).join('\n');
}

async function eventsOfType(app: AuthApp, type: string): Promise<Array<{ data: Record<string, unknown>; metadata: Record<string, unknown> }>> {
  const { rows } = await app.db.pool.query<{ data: Record<string, unknown>; metadata: Record<string, unknown> }>('SELECT data, metadata FROM events WHERE event_type = $1', [type]);
  return rows;
}

async function spendUsed(app: AuthApp): Promise<number> {
  const { rows } = await app.db.pool.query<{ used: string }>('SELECT coalesce(sum(used), 0) AS used FROM spend_counters');
  return Number(rows[0]!.used);
}

describe('generate with a paid writer and moderator (a local OpenAI-compatible server)', () => {
  let app: AuthApp;
  let openai: OpenAiCompatibleServer;

  beforeAll(async () => {
    openai = await startOpenAiCompatibleServer();
    app = await startAuthApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL, ...NO_RATE_LIMIT });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await openai?.close();
  }, 30_000);
  beforeEach(() => {
    openai.received = [];
    openai.moderate = () => flags();
    openai.reply = answer(JSON.stringify({ topic: 'airline food', joke: 'Why is the chicken so sad? It flew coach.' }));
  });

  it('refuses a hostile topic with 422 and its category before any writer runs', async () => {
    const spentBefore = await spendUsed(app);

    const refusal = await generate(app, { comedian_style: free, topic: 'the best way to kill myself tonight' });

    expect(refusal.status).toBe(422);
    expect(JSON.parse(refusal.text)).toEqual({ ...REFUSED_TOPIC, category: 'self_harm' });
    expect(openai.received).toHaveLength(0);
    expect(await spendUsed(app)).toBe(spentBefore);
  });

  it('refuses a topic the provider flags, before any writer runs', async () => {
    openai.moderate = (input) => (input.includes('grandma') ? flags('hate') : flags());

    const refusal = await generate(app, { comedian_style: free, topic: 'what grandma really thinks of them' });

    expect(refusal.status).toBe(422);
    expect(JSON.parse(refusal.text)).toEqual({ ...REFUSED_TOPIC, category: 'hate' });
    expect(openai.received).toHaveLength(0);
  });

  it('refuses a written joke the moderator would refuse and stores nothing of it', async () => {
    const joke = 'The punchline is a call to hurt people at the parade on Sunday.';
    openai.reply = answer(JSON.stringify({ topic: 'parades', joke }));
    openai.moderate = (input) => (input.includes('parade on Sunday') ? flags('harassment/threatening') : flags());

    const refusal = await generate(app, { comedian_style: free, topic: 'parades' });

    expect(refusal.status).toBe(422);
    expect(JSON.parse(refusal.text)).toEqual({ ...REFUSED_JOKE, category: 'threat' });
    expect(openai.received).toHaveLength(1);
    expect(await storedText(app)).not.toContain('parade on Sunday');
    expect((await eventsOfType(app, 'JokeGenerated')).filter(({ data }) => data.topic === 'parades')).toEqual([]);
  });

  it("refuses a joke whose writer's suggested topic the moderator would refuse", async () => {
    openai.reply = answer(JSON.stringify({ topic: 'the best way to kill myself tonight', joke: 'Mondays, am I right?' }));

    const refusal = await generate(app, { comedian_style: free, topic: '', ai_suggest_topic: true });

    expect(refusal.status).toBe(422);
    expect(JSON.parse(refusal.text)).toEqual({ ...REFUSED_JOKE, category: 'self_harm' });
    expect(await storedText(app)).not.toContain('Mondays, am I right?');
  });

  it("records the refusal's category and comedian without the text", async () => {
    const topic = 'why immigrants are vermin and should be deported';
    await generate(app, { comedian_style: free, topic, length: 'short' });

    const refusals = await eventsOfType(app, 'JokeRefused');
    expect(refusals.map(({ data }) => data)).toContainEqual(
      expect.objectContaining({ comedianStyle: free, length: 'short', stage: 'topic', category: 'hate', moderator: 'openai:omni-moderation-latest' }),
    );
    expect(refusals.every(({ metadata }) => metadata.actor === 'anonymous' && metadata.command === 'GenerateJoke')).toBe(true);
    const stored = await storedText(app);
    expect(stored).not.toContain('immigrants');
    expect(stored).not.toContain('vermin');
  });

  it('keeps the refusal event of a request sent with an Idempotency-Key, as the web sends every press', async () => {
    const before = (await eventsOfType(app, 'JokeRefused')).length;

    const refusal = await generate(app, { comedian_style: free, topic: 'Taylor Swift naked in my bed' }, { 'idempotency-key': randomUUID() });

    expect(refusal.status).toBe(422);
    expect(JSON.parse(refusal.text)).toEqual({ ...REFUSED_TOPIC, category: 'sexual_real_person' });
    expect(await eventsOfType(app, 'JokeRefused')).toHaveLength(before + 1);
  });

  it('answers 503 without Retry-After when the moderator is unavailable, and writes nothing', async () => {
    openai.moderate = () => json(500, { error: { message: 'The server had an error', type: 'server_error' } }, { 'retry-after-ms': '1' });

    const failure = await generate(app, { comedian_style: free, topic: 'airline food' });

    expect(failure.status).toBe(503);
    expect(failure.retryAfter).toBeNull();
    expect(JSON.parse(failure.text)).toEqual({ error: 'Failed to generate joke', message: 'Failed to generate joke' });
    expect(openai.received).toHaveLength(0);
  });

  it('answers 502 when the moderator rejects the request for good', async () => {
    openai.moderate = () => json(400, { error: { message: 'Bad request', type: 'invalid_request_error' } });

    const failure = await generate(app, { comedian_style: free, topic: 'airline food' });

    expect(failure.status).toBe(502);
    expect(JSON.parse(failure.text)).toEqual({ error: 'Failed to generate joke', message: 'Failed to generate joke' });
  });

  it('writes a benign topic after both checks pass', async () => {
    const written = await generate(app, { comedian_style: free, topic: 'airline food' });
    expect(written.status).toBe(200);
    expect(JSON.parse(written.text)).toMatchObject({ content: 'Why is the chicken so sad? It flew coach.' });
    expect(openai.moderated).toEqual(expect.arrayContaining(['airline food', 'Why is the chicken so sad? It flew coach.']));
  });
});

describe('generate with the offline writer and moderator', () => {
  let app: AuthApp;

  beforeAll(async () => {
    app = await startAuthApp({ OPENAI_API_KEY: '', ...NO_RATE_LIMIT });
  }, 60_000);
  afterAll(async () => app?.stop(), 30_000);

  it.each([
    ['sexy 12 year old girls', 'Bill Burr', 'sexual_minors'],
    ['why immigrants are vermin and should be deported', free, 'hate'],
    ['the best way to kill myself tonight', free, 'self_harm'],
    ['Taylor Swift naked in my bed', free, 'sexual_real_person'],
  ])('refuses the issue example %p as %s with 422 %s, echoing nothing of it', async (topic, comedian, category) => {
    const refusal = await generate(app, { comedian_style: comedian, topic });

    expect(refusal.status).toBe(422);
    expect(JSON.parse(refusal.text)).toEqual({ ...REFUSED_TOPIC, category });
    for (const word of topic.split(' ').filter((word) => word.length > 4)) expect(refusal.text.toLowerCase()).not.toContain(word.toLowerCase());
    expect(await storedText(app)).not.toContain(topic);
  });

  it.each(['my own funeral', 'Catholic guilt', 'custody weekends', 'the Grim Reaper', 'dying alone with my cats'])('still writes a joke about the benign edgy topic %p', async (topic) => {
    const written = await generate(app, { comedian_style: free, topic });
    expect(written.status).toBe(200);
    expect(JSON.parse(written.text)).toMatchObject({ topic, content: expect.any(String) });
  });
});
