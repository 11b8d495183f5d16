import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import Stripe from 'stripe';
import { startLocalStripe, type RunningLocalStripe } from './local-stripe.app.js';
import { startCheckout, stripeSdkAt, TEST_PUBLIC_URL } from './stripe/testing.js';

// The local provider as the process npm start runs: Stripe's API and the pages
// Stripe hosts on one port, and its webhooks sent over HTTP to the product's
// endpoint, signed with the secret they share, as Stripe sends them.
const WEBHOOK_SECRET = 'whsec_app_test';

/** The product's webhook endpoint, as far as the provider can tell: it verifies each delivery with the SDK. */
class WebhookEndpoint {
  readonly received: Stripe.Event[] = [];
  answer = 200;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (this.answer === 200) {
          const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(request.headers['stripe-signature']), WEBHOOK_SECRET, 300);
          this.received.push(event);
        }
        response.writeHead(this.answer, { 'content-type': 'application/json' });
        response.end(JSON.stringify(this.answer === 200 ? { received: true, position: null } : { error: 'Service Unavailable' }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/stripe/webhook`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let db: TestDatabase;
let provider: RunningLocalStripe;
let sdk: Stripe;
let baseUrl: string;
const endpoint = new WebhookEndpoint();

beforeAll(async () => {
  db = await createTestDatabase('localstripeapp');
  await endpoint.start();
  provider = await startLocalStripe(
    { databaseUrl: db.url, port: 0, host: '127.0.0.1', secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET, webhookUrl: endpoint.url, publicUrl: TEST_PUBLIC_URL, clockIntervalMs: 0 },
    db.pool,
  );
  baseUrl = `http://127.0.0.1:${provider.port}`;
  sdk = stripeSdkAt(provider.port);
}, 30_000);
afterAll(async () => {
  await provider?.close();
  await endpoint.stop();
  await db?.drop();
});
beforeEach(() => {
  endpoint.answer = 200;
});

const ask = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body ? JSON.stringify(body) : undefined });
const health = async () => (await (await ask('GET', '/health')).json()) as { status: string; database: string; webhooks: { waiting: number; failing: number } };

describe('one port', () => {
  it("answers the SDK on Stripe's API and browsers on the pages Stripe hosts", async () => {
    expect((await sdk.prices.list({ lookup_keys: ['jokes_pro_monthly'] })).data).toMatchObject([{ unit_amount: 499, currency: 'usd' }]);
    expect((await ask('GET', '/api/local-billing/portal/bps_unknown')).status).toBe(404);
    expect(await health()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('sends no X-Powered-By', async () => {
    for (const path of ['/health', '/api/local-billing/portal/bps_unknown']) expect((await ask('GET', path)).headers.get('x-powered-by')).toBeNull();
  });

  it('gives the portal page a policy naming its inline script and style by hash, and no frame may hold it', async () => {
    const customer = await sdk.customers.create({ email: 'csp@example.com' });
    const session = await sdk.billingPortal.sessions.create({ customer: customer.id, return_url: `${TEST_PUBLIC_URL}/account` });
    const page = await ask('GET', new URL(session.url).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    const policy = page.headers.get('content-security-policy') ?? '';
    const hashOf = (tag: string) => {
      const inline = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)![1]!;
      return `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    };
    expect(policy).toContain(`script-src ${hashOf('script')}`);
    expect(policy).toContain(`style-src ${hashOf('style')}`);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
  });

  it("refuses Stripe's API without its key, in Stripe's shape", async () => {
    const answer = await fetch(`${baseUrl}/v1/prices`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
  });
});

describe('webhooks', () => {
  it("reach the product's endpoint over HTTP, signed with the shared secret, oldest first", async () => {
    const checkout = await startCheckout(sdk, { userId: 'user-webhooks', trialDays: 3 });
    await provider.runtime.dispatcher.drain();
    const types = endpoint.received.filter((event) => JSON.stringify(event.data.object).includes(checkout.customerId)).map((event) => event.type);
    expect(types).toEqual(['customer.created', 'customer.subscription.created', 'invoice.paid', 'customer.subscription.trial_will_end']);
  });

  it('wait in the outbox while the endpoint fails, and are delivered once it answers', async () => {
    endpoint.answer = 503;
    const checkout = await startCheckout(sdk, { userId: 'user-outbox', trialDays: 3 });
    await provider.runtime.dispatcher.drain();
    expect(endpoint.received.some((event) => JSON.stringify(event.data.object).includes(checkout.customerId))).toBe(false);
    expect((await health()).webhooks).toEqual({ waiting: 4, failing: 4 });

    endpoint.answer = 200;
    // The retry time comes, without waiting for it.
    await db.pool.query('UPDATE local_stripe.events SET next_attempt_at = now() WHERE delivered_at IS NULL');
    await provider.runtime.dispatcher.drain();
    expect(endpoint.received.filter((event) => JSON.stringify(event.data.object).includes(checkout.customerId))).toHaveLength(4);
    expect((await health()).webhooks).toEqual({ waiting: 0, failing: 0 });
  });
});

// The provider's own check on development tools, behind the edge's: it listens
// on 127.0.0.1, so a caller from another machine can only come through the
// edge, which names the caller's socket address in X-Forwarded-For.
const forwardedFrom = (address: string) => ({ 'x-forwarded-for': address });
// Every row has all three values: Jest would pass a shorter row's missing one as `done`.
const clock: [string, string, object | undefined][] = [
  ['GET', '/api/local-billing/clock', undefined],
  ['POST', '/api/local-billing/clock/advance', { seconds: 60 }],
];

describe('the billing clock, a development tool', () => {
  it.each(clock)('%s %s refuses a caller the edge forwarded from another machine with 403', async (method, path, body) => {
    const answer = await ask(method, path, body, forwardedFrom('192.0.2.77'));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: 'Forbidden', message: 'Development tools answer only requests from this machine (a loopback address).' });
  });

  it('answers this machine, directly or through the edge', async () => {
    expect((await ask('GET', '/api/local-billing/clock')).status).toBe(200);
    expect((await ask('GET', '/api/local-billing/clock', undefined, forwardedFrom('127.0.0.1'))).status).toBe(200);
  });

  it.each(clock)('%s %s is off in production (404), even for this machine', async (method, path, body) => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const answer = await ask(method, path, body);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: 'Not Found', message: 'Development tools are off in production.' });
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});

describe('what a signed-in owner does', () => {
  it('is not refused for the address: confirming a card asks for a session instead (401)', async () => {
    const answer = await ask('POST', '/api/local-billing/confirm-card', { clientSecret: 'seti_x_secret_y', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }, forwardedFrom('192.0.2.77'));
    expect(answer.status).toBe(401);
  });

  it('asks for a session before a portal button acts (401)', async () => {
    expect((await ask('POST', '/api/local-billing/portal/bps_unknown/cancel', {})).status).toBe(401);
  });
});
