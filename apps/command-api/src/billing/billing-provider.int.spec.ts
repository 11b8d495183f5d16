import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { FREE_COMEDIANS } from '@jokes/domain';
import { decodeJwt } from 'jose';
import { startAuthApp, type AuthApp } from '../testing/auth-app.js';

// The command API holds no payment provider of its own (DESIGN.md decision 14):
// without STRIPE_SECRET_KEY its billing is whatever answers Stripe's API at
// LOCAL_STRIPE_URL, reached over HTTP by the `stripe` SDK, here a stub that
// records what reaches it and refuses it as Stripe refuses a bad request.
let provider: Server;
const calls: { method: string; url: string; authorization: string | undefined }[] = [];
let app: AuthApp;

beforeAll(async () => {
  provider = createServer((request, response) => {
    calls.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Refused by the test provider.' } }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  app = await startAuthApp({ LOCAL_STRIPE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}` });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => provider?.close(resolve));
}, 30_000);

const call = (method: string, path: string, body?: object, token?: string) =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', apikey: LOCAL_ANON_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/** A confirmed account, signed in by its confirmation link. */
async function signedIn(): Promise<{ id: string; email: string; token: string }> {
  const email = `provider-${Date.now()}@example.com`;
  await call('POST', '/auth/v1/signup', { email, password: 'correct horse', data: { age_confirmed: true } });
  await app.settle();
  const [mail] = (await (await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
  const location = (await fetch(mail!.links[0]!, { redirect: 'manual' })).headers.get('location')!;
  const token = new URLSearchParams(new URL(location).hash.slice(1)).get('access_token')!;
  return { id: decodeJwt(token).sub!, email, token };
}

describe('the command API with billing pointed at a provider URL', () => {
  it('starts and serves generate, with nothing of a payment provider in it', async () => {
    const generated = await call('POST', '/api/generate', { comedian_style: FREE_COMEDIANS[0]!.name, topic: 'outside systems', length: 'short' });
    expect(generated.status).toBe(200);
    for (const [method, path] of [
      ['POST', '/api/local-billing/confirm-card'],
      ['GET', '/api/local-billing/clock'],
      ['GET', '/api/local-billing/portal/bps_1'],
    ] as const) {
      expect((await call(method, path, method === 'POST' ? {} : undefined)).status).toBe(404);
    }
    const schemas = await app.db.pool.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = 'local_stripe'");
    expect(schemas.rowCount).toBe(0);
    expect(calls).toEqual([]);
  });

  it("reaches the provider over HTTP with the SDK's calls, and reports its refusal as Stripe's would be", async () => {
    const user = await signedIn();
    const answer = await call('POST', '/api/create-subscription', { user_id: user.id, email: user.email, plan_type: 'monthly' }, user.token);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ error: 'Failed to create subscription' });
    expect(calls.length).toBeGreaterThan(0);
    for (const reached of calls) expect(reached).toMatchObject({ url: expect.stringMatching(/^\/v1\//), authorization: 'Bearer sk_test_local' });
  });
});
