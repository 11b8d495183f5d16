import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { FREE_COMEDIANS } from '@jokes/domain';
import { EVENT_STORE, type EventStore } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import type { NextFunction, Request, Response } from 'express';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startLocalStripeProcess, type LocalStripeProcess } from '../../../../../tools/local-stripe.ts';
import { startAuthApp, type AuthApp } from '../../testing/auth-app.js';
import { signedInUser } from '../../testing/signed-in-user.js';
import { requestFingerprint } from './idempotency-key.js';

/**
 * Stands for a process killed after the request's work committed but before
 * the client got the answer: when armed, writing the answer (which comes after
 * the commit) drops the connection instead, so the client sees no answer
 * although everything was stored.
 */
class DiesBeforeAnswering {
  armed = false;
  readonly middleware = (_request: Request, response: Response, next: NextFunction) => {
    if (!this.armed) return next();
    this.armed = false;
    response.json = () => {
      response.socket?.destroy();
      return response;
    };
    next();
  };
}

const diesBeforeAnswering = new DiesBeforeAnswering();
let app: AuthApp;
let provider: LocalStripeProcess | undefined;
let providerDb: TestDatabase | undefined;
let diesAfterAppend = false;
const WEBHOOK_SECRET = 'whsec_idempotency_test';

beforeAll(async () => {
  // create-subscription talks to the payment provider, a process of its own as Stripe would be.
  providerDb = await createTestDatabase('provider');
  provider = await startLocalStripeProcess({ databaseUrl: providerDb.url, webhookSecret: WEBHOOK_SECRET });
  app = await startAuthApp({ LOCAL_STRIPE_URL: provider.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, (nest) =>
    nest.use(diesBeforeAnswering.middleware),
  );
  // Stands for a process killed between the append and the end of the request.
  const store = app.app.get<symbol, EventStore>(EVENT_STORE);
  const append = store.append.bind(store);
  store.append = async (...args) => {
    const result = await append(...args);
    if (diesAfterAppend) {
      diesAfterAppend = false;
      throw new Error('process killed after the append');
    }
    return result;
  };
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await provider?.stop();
  await providerDb?.drop();
}, 30_000);

const comedian = FREE_COMEDIANS[0]!.name;
let counter = 0;
const jokeRequest = () => ({ comedian_style: comedian, topic: `retries ${++counter}`, length: 'short' });

const command = (path: string, body: object, key?: string, token?: string) =>
  fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const generate = (body: object, key?: string, token?: string) => command('/api/generate', body, key, token);

const signedIn = () => signedInUser(app, 'idempotent');

const passwordGrant = async (email: string) =>
  (await (
    await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse' }),
    })
  ).json()) as { access_token: string };

const jokesAbout = async (topic: string): Promise<{ jokeId: string }[]> =>
  (await app.db.pool.query(`SELECT data FROM events WHERE event_type = 'JokeGenerated' AND data->>'topic' = $1`, [topic])).rows.map((row) => row.data);

describe('POST /api/generate with an Idempotency-Key', () => {
  it('answers a retry with the first joke, status and body alike, and appends one joke', async () => {
    const body = jokeRequest();
    const key = randomUUID();

    const first = await generate(body, key);
    const retry = await generate(body, key);

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(await first.json());
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await jokesAbout(body.topic)).toHaveLength(1);
  });

  it('refuses the same key with another body (422) and appends nothing for it', async () => {
    const key = randomUUID();
    const first = jokeRequest();
    const other = jokeRequest();
    await generate(first, key);

    const reused = await generate(other, key);

    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ error: 'Idempotency-Key reused', message: expect.stringContaining('different request') });
    expect(await jokesAbout(other.topic)).toHaveLength(0);
  });

  it('answers the first result when the process died after storing the joke but before answering', async () => {
    const body = jokeRequest();
    const key = randomUUID();
    diesBeforeAnswering.armed = true;

    const lost = await generate(body, key).then(
      (response) => response.status,
      () => 'no answer',
    );
    const retry = await generate(body, key);

    expect(lost).toBe('no answer');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const stored = await jokesAbout(body.topic);
    expect(stored).toHaveLength(1);
    expect(((await retry.json()) as { id: string }).id).toBe(stored[0]!.jokeId);
  });

  it('keeps nothing of a request that died between its append and its answer, so the retry writes the one joke', async () => {
    const body = jokeRequest();
    const key = randomUUID();
    diesAfterAppend = true;

    const died = await generate(body, key);
    expect(died.status).toBe(500);
    expect(await jokesAbout(body.topic)).toHaveLength(0);

    const retry = await generate(body, key);
    expect(retry.status).toBe(200);
    const stored = await jokesAbout(body.topic);
    expect(stored).toHaveLength(1);
    expect(((await retry.json()) as { id: string }).id).toBe(stored[0]!.jokeId);
  });

  it('answers 409 with Retry-After while a request with the key is still running', async () => {
    const body = jokeRequest();
    const key = randomUUID();
    await app.db.pool.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, attempt, state, locked_until, expires_at)
       VALUES ('anonymous', $1, $2, $3, 'running', now() + interval '1 hour', now() + interval '1 day')`,
      [key, requestFingerprint('POST', '/api/generate', body), randomUUID()],
    );

    const second = await generate(body, key);

    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await second.json()).toMatchObject({ code: 'idempotency_key_in_use' });
    expect(await jokesAbout(body.topic)).toHaveLength(0);
  });

  it('runs the request again when the execution holding the key died (its lease ran out)', async () => {
    const body = jokeRequest();
    const key = randomUUID();
    await app.db.pool.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, attempt, state, locked_until, expires_at)
       VALUES ('anonymous', $1, $2, $3, 'running', now() - interval '1 second', now() + interval '1 day')`,
      [key, requestFingerprint('POST', '/api/generate', body), randomUUID()],
    );

    const retry = await generate(body, key);

    expect(retry.status).toBe(200);
    expect(await jokesAbout(body.topic)).toHaveLength(1);
  });

  it('refuses a key that is too short, too long or has other characters (400), before doing anything', async () => {
    const body = jokeRequest();
    for (const key of ['short', 'k'.repeat(129), 'spaces are not allowed here']) {
      const response = await generate(body, key);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ fieldErrors: { 'Idempotency-Key': [expect.stringContaining('16 to 128')] } });
    }
    expect(await jokesAbout(body.topic)).toHaveLength(0);
  });

  it('keeps the first result for at least 24 hours', async () => {
    const body = jokeRequest();
    const key = randomUUID();
    await generate(body, key);
    const { rows } = await app.db.pool.query(`SELECT extract(epoch FROM expires_at - created_at) AS seconds FROM idempotency_keys WHERE key = $1`, [key]);
    expect(Number(rows[0]!.seconds)).toBeGreaterThanOrEqual(24 * 3600);
  });
});

describe('keys of signed-in callers', () => {
  it('are their own: another user sending the same key and body gets a joke of their own', async () => {
    const [ada, bob] = [await signedIn(), await signedIn()];
    const body = jokeRequest();
    const key = randomUUID();

    const first = await generate(body, key, ada.token);
    const other = await generate(body, key, bob.token);

    expect(first.status).toBe(200);
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(((await other.json()) as { id: string }).id).not.toBe(((await first.json()) as { id: string }).id);
    expect(await jokesAbout(body.topic)).toHaveLength(2);
  });

  it("are the account's, not the session's: a retry sent with a newly issued token answers the first joke", async () => {
    const ada = await signedIn();
    const body = jokeRequest();
    const key = randomUUID();
    const first = await generate(body, key, ada.token);

    const second = await passwordGrant(ada.email);
    const retry = await generate(body, key, second.access_token);

    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await first.json());
    expect(await jokesAbout(body.topic)).toHaveLength(1);
  });

  it('are not taken by a request refused for its token (401): the retry with a valid one runs', async () => {
    const ada = await signedIn();
    const body = jokeRequest();
    const key = randomUUID();

    const refused = await generate(body, key, `${ada.token}x`);
    const retry = await generate(body, key, ada.token);

    expect(refused.status).toBe(401);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await jokesAbout(body.topic)).toHaveLength(1);
    const keys = await app.db.pool.query('SELECT scope FROM idempotency_keys WHERE key = $1', [key]);
    expect(keys.rows).toEqual([{ scope: `user:${ada.id}` }]);
  });

  it('make a retried POST /api/create-subscription answer the first checkout, recorded once', async () => {
    const ada = await signedIn();
    const body = { user_id: ada.id, email: ada.email, plan_type: 'monthly' };
    const key = randomUUID();

    const first = await command('/api/create-subscription', body, key, ada.token);
    const retry = await command('/api/create-subscription', body, key, ada.token);

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await first.json());
    const started = await app.db.pool.query(`SELECT 1 FROM events WHERE stream_id = $1 AND event_type = 'CheckoutStarted'`, [`subscription-${ada.id}`]);
    expect(started.rowCount).toBe(1);
  });
});
