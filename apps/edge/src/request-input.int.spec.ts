import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { confirmedUser, uniqueEmail } from './testing/auth-helpers.js';

// No string of any request reaches a handler with a NUL, a lone surrogate or a
// control character in it, and a body the server cannot read is a 4xx that
// says why: in the SPEC's shape on /api, in GoTrue's on /auth/v1.
let stack: RunningStack;
let token: string;
let userId: string;

beforeAll(async () => {
  stack = await startStack();
  token = (await confirmedUser(stack.baseUrl, uniqueEmail('input'), 'input-password-1')).access_token;
  userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
}, 30_000);

interface Call {
  method?: string;
  body?: string;
  type?: string;
  session?: boolean;
}

async function call(path: string, { method = 'POST', body, type = 'application/json', session = false }: Call = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: {
      apikey: LOCAL_ANON_KEY,
      ...(body !== undefined ? { 'content-type': type } : {}),
      ...(session ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { text } };
}

const json = (value: unknown) => JSON.stringify(value);
const invalid = (field: string, message: string) => ({
  status: 400,
  body: { error: 'Invalid request', message: `${field}: ${message}`, fieldErrors: { [field]: [message] } },
});
const NUL = 'must not contain a NUL character';
const SURROGATE = 'must be valid Unicode (it holds an unpaired surrogate)';

describe('a NUL, a lone surrogate or a control character in any field', () => {
  it('in the topic of a joke is a 400 naming the topic, not a 500', async () => {
    expect(await call('/api/generate', { body: json({ comedian_style: 'Jerry Seinfeld', topic: 'a\u0000b' }) })).toMatchObject(invalid('topic', NUL));
    expect(await call('/api/generate', { body: json({ comedian_style: 'Jerry Seinfeld', topic: '\ud800' }) })).toMatchObject(invalid('topic', SURROGATE));
    expect(await call('/api/generate', { body: json({ comedian_style: 'Jerry\u0007 Seinfeld' }) })).toMatchObject(invalid('comedian_style', 'must not contain control characters'));
  });

  it('in a promo code is a 400, not a 502 from the payment provider', async () => {
    const body = json({ user_id: userId, email: 'input@example.com', plan_type: 'monthly', promo_code: '\ud800' });
    expect(await call('/api/create-subscription', { body, session: true })).toMatchObject(invalid('promo_code', SURROGATE));
  });

  it('in the card form is a 400, not a 500', async () => {
    const card = { clientSecret: 'seti_1_secret_x', cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
    expect(await call('/api/local-billing/confirm-card', { body: json({ ...card, clientSecret: 'a\u0000b' }), session: true })).toMatchObject(invalid('clientSecret', NUL));
    expect(await call('/api/local-billing/confirm-card', { body: json({ ...card, cvc: '\udc00' }), session: true })).toMatchObject(invalid('cvc', SURROGATE));
  });

  it('in a portal id of the path is a 400, not a 500', async () => {
    expect((await call('/api/local-billing/portal/a%00b', { method: 'GET' })).status).toBe(400);
    expect((await call('/api/local-billing/portal/a%00b/cancel', { body: '{}' })).status).toBe(400);
    expect((await call('/api/local-billing/portal/a%07b', { method: 'GET' })).status).toBe(400);
  });

  it('in a query string is a 400 naming the parameter', async () => {
    expect(await call(`/api/subscriptions?user_id=${userId}%00`, { method: 'GET', session: true })).toMatchObject(invalid('user_id', NUL));
    // Checked before the role: the caller learns what is wrong with the request first.
    expect(await call('/api/support/subscription-history?email=a%00b%40example.com', { method: 'GET', session: true })).toMatchObject(invalid('email', NUL));
  });

  it('in the e-mail of a password sign-in is GoTrue 400 validation_failed, as JSON and as a form', async () => {
    const expected = { status: 400, body: { code: 400, error_code: 'validation_failed', msg: `email: ${NUL}` } };
    expect(await call('/auth/v1/token?grant_type=password', { body: json({ email: 'a\u0000b@example.com', password: 'whatever-1' }) })).toMatchObject(expected);
    expect(await call('/auth/v1/token?grant_type=password', { body: 'email=a%00b%40example.com&password=whatever-1', type: 'application/x-www-form-urlencoded' })).toMatchObject(expected);
  });

  it('anywhere in user metadata, keys included, is GoTrue 400 validation_failed', async () => {
    expect(await call('/auth/v1/user', { method: 'PUT', body: json({ data: { nick: { first: 'a\u0000b' } } }), session: true })).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: `data.nick.first: ${NUL}` },
    });
    expect(await call('/auth/v1/user', { method: 'PUT', body: json({ data: { ['\ud800']: 'x' } }), session: true })).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed', msg: expect.stringContaining('field name') },
    });
    expect(await call('/auth/v1/signup', { body: json({ email: uniqueEmail('meta'), password: 'input-password-1', data: { nick: ['\ud800'] } }) })).toMatchObject({
      status: 400,
      body: { error_code: 'validation_failed' },
    });
  });
});

describe('a body the server cannot read', () => {
  const deep = '['.repeat(5_000) + ']'.repeat(5_000);
  const huge = json({ pad: 'x'.repeat(200_000) });
  // The fifth column: the `error` on /api where it is not 'Invalid request' (a body that is not JSON at all).
  const cases: Array<[string, Call, number, string, string?]> = [
    ['malformed JSON', { body: '{"comedian_style":' }, 400, 'The request body is not valid JSON'],
    ['JSON null', { body: 'null' }, 400, 'The request body must be a JSON object'],
    ['a JSON number', { body: '5' }, 400, 'The request body must be a JSON object'],
    ['a body that is not JSON', { body: 'comedian_style: x', type: 'text/plain' }, 415, 'Send the request body as JSON (Content-Type: application/json)', 'Unsupported Media Type'],
    ['a body in another charset', { body: '{}', type: 'application/json; charset=latin1' }, 415, 'The request body must be UTF-8 (charset=utf-8)'],
    ['nesting 5,000 levels deep', { body: deep }, 400, 'body: is nested more than 32 levels deep'],
    ['a body over 100 KB', { body: huge }, 413, 'The request body is too large (at most 102400 bytes)'],
  ];

  it.each(cases)('%s is a 4xx that says so on /api, command and query side', async (_name, request, status, message, error = 'Invalid request') => {
    for (const path of ['/api/generate', '/api/sync-user']) {
      expect(await call(path, request)).toMatchObject({ status, body: { error, message } });
    }
  });

  it.each(cases)("%s is a 4xx in GoTrue's shape on /auth/v1", async (_name, request, status, message) => {
    expect(await call('/auth/v1/signup', request)).toMatchObject({ status, body: { code: status, error_code: 'validation_failed', msg: message } });
  });
});

describe("a body over its contract's own cap (analytics batches: 32 KB)", () => {
  const batch = json({ visitor_id: '0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b', events: [{ name: 'page_view', occurred_at: '2026-03-01T09:00:00.000Z', path: '/' }] });

  it('is a 413 counted in bytes as sent, whitespace included', async () => {
    expect(await call('/api/analytics/events', { body: batch.padEnd(33 * 1024, ' ') })).toMatchObject({
      status: 413,
      body: { error: 'Invalid request', message: 'The request body is too large (at most 32768 bytes)' },
    });
  });

  it('within the cap is accepted', async () => {
    expect(await call('/api/analytics/events', { body: batch.padEnd(32 * 1024, ' ') })).toMatchObject({ status: 200, body: { accepted: 1 } });
  });
});
