import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '@jokes/server';
import { createCustomer, createPortalSession, deleteCustomer, listPrices, listPromotionCodes } from './customers.js';
import { LocalStripeError, resourceMissing } from './errors.js';
import { list, parseStripeForm, str, type FormValue } from './form-body.js';
import type { LocalStripe } from './local-stripe.js';
import { listOf, newId, publicView, type LocalCustomer, type LocalInvoice, type LocalSubscription } from './objects.js';
import type { LocalStripeTx, RequestInfo } from './store.js';
import { expandSubscription } from './expand.js';
import { cancelSubscription, createSubscription, updateSubscription } from './subscriptions.js';

type Params = Record<string, FormValue>;
type Handler = (tx: LocalStripeTx, params: Params, id: string, request: RequestInfo) => Promise<unknown>;

/** Requests for Stripe's REST API, as opposed to the pages Stripe hosts for browsers. */
export const isStripeApiPath = (url: string | undefined): boolean => /^\/v1(\/|\?|$)/.test(url ?? '');

/**
 * Stripe's REST API (`/v1`, form-encoded requests, JSON answers, `{ error }`
 * bodies, idempotency keys), for the parts the product calls. The `stripe`
 * SDK talks to it as to api.stripe.com: only host, port and protocol differ.
 */
export class StripeApi {
  private readonly routes: { method: string; pattern: RegExp; handler: Handler }[];

  constructor(
    private readonly stripe: LocalStripe,
    private readonly secretKey: string,
  ) {
    const route = (method: string, path: string, handler: Handler) => ({ method, pattern: new RegExp(`^${path.replace(':id', '([A-Za-z0-9_]+)')}$`), handler });
    this.routes = [
      route('POST', '/v1/customers', (tx, params, _id, request) => createCustomer(tx, params, request)),
      route('DELETE', '/v1/customers/:id', (tx, _params, id) => deleteCustomer(tx, id)),
      route('GET', '/v1/customers/:id', async (tx, _params, id) => (await tx.get<LocalCustomer>(id, 'customer')) ?? Promise.reject(resourceMissing('customer', id))),
      route('GET', '/v1/prices', async (_tx, params) => listPrices(params)),
      route('GET', '/v1/promotion_codes', async (_tx, params) => listPromotionCodes(params)),
      route('POST', '/v1/subscriptions', async (tx, params, _id, request) => expandSubscription(tx, await createSubscription(tx, params, request), list(params, 'expand'))),
      route('GET', '/v1/subscriptions/:id', async (tx, params, id) => {
        const subscription = await tx.get<LocalSubscription>(id, 'subscription');
        if (!subscription) throw resourceMissing('subscription', id);
        return expandSubscription(tx, subscription, list(params, 'expand'));
      }),
      route('POST', '/v1/subscriptions/:id', async (tx, params, id, request) => expandSubscription(tx, await updateSubscription(tx, id, params, request), list(params, 'expand'))),
      route('DELETE', '/v1/subscriptions/:id', (tx, _params, id, request) => cancelSubscription(tx, id, request)),
      route('GET', '/v1/invoices', async (tx, params) => {
        const customer = str(params, 'customer');
        const invoices = customer ? await tx.ofCustomer<LocalInvoice>(customer, 'invoice') : [];
        return listOf(invoices, '/v1/invoices');
      }),
      route('POST', '/v1/billing_portal/sessions', (tx, params) => createPortalSession(tx, params, this.stripe.publicUrl)),
    ];
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = newId('req');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': String(request.headers['stripe-version'] ?? '') });
      response.end(JSON.stringify(body));
    };
    try {
      if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
        return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      const url = new URL(request.url ?? '/', 'http://local-stripe');
      const method = request.method ?? 'GET';
      const found = this.routes.map((route) => ({ route, match: route.method === method ? route.pattern.exec(url.pathname) : null })).find(({ match }) => match);
      if (!found) return reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } });

      const body = await readBody(request);
      const params = { ...parseStripeForm(url.search.slice(1)), ...parseStripeForm(body) };
      const key = method === 'POST' ? String(request.headers['idempotency-key'] ?? '') : '';
      const replayed = key ? await this.replay(key) : undefined;
      if (replayed) return reply(replayed.status, replayed.body);

      const info: RequestInfo = { id: requestId, idempotency_key: key || null };
      const [status, answer] = await this.stripe
        .run((tx) => found.route.handler(tx, params, found.match![1] ?? '', info))
        .then((result) => [200, publicView(result as object)] as const)
        .catch((error: unknown) => {
          if (error instanceof LocalStripeError) return [error.status, { error: error.detail }] as const;
          throw error;
        });
      if (key) await this.remember(key, status, answer);
      reply(status, answer);
    } catch (error) {
      log('error', 'local stripe request failed', { error: error instanceof Error ? error.stack : String(error) });
      reply(500, { error: { type: 'api_error', message: 'An unknown error occurred.' } });
    }
  }

  /** A retried POST with the same Idempotency-Key gets the first answer again, as at Stripe. */
  private async replay(key: string): Promise<{ status: number; body: unknown } | undefined> {
    const result = await this.stripe.store.pool.query<{ status: number; body: unknown }>('SELECT status, body FROM local_stripe.idempotency WHERE key = $1', [key]);
    return result.rows[0];
  }

  private async remember(key: string, status: number, body: unknown): Promise<void> {
    await this.stripe.store.pool.query('INSERT INTO local_stripe.idempotency (key, status, body) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING', [
      key,
      status,
      JSON.stringify(body),
    ]);
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
