import { BadRequestException, type ExecutionContext, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { RequestInputGuard } from './request-input.guard.js';

const guard = new RequestInputGuard();

interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: Buffer;
  query?: unknown;
  params?: Record<string, string>;
}

function http(request: Request): ExecutionContext {
  const full = { headers: { 'content-length': '10', 'content-type': 'application/json' }, query: {}, params: {}, ...request };
  return { getType: () => 'http', switchToHttp: () => ({ getRequest: () => full }) } as unknown as ExecutionContext;
}

describe('the request input guard', () => {
  it('refuses a NUL in a user-supplied body with 400', () => {
    expect(() => guard.canActivate(http({ method: 'POST', path: '/api/generate', body: { topic: 'a\u0000b' } }))).toThrow(BadRequestException);
  });

  it("lets a payment provider's signed webhook through whatever its text, since a refused webhook is lost", () => {
    const event = { id: 'evt_1', data: { object: { customer_name: 'Tab\u0007Bell' } } };
    expect(guard.canActivate(http({ method: 'POST', path: '/api/stripe/webhook', body: event }))).toBe(true);
  });

  it("still refuses unsafe text in the webhook route's query", () => {
    expect(() => guard.canActivate(http({ method: 'POST', path: '/api/stripe/webhook', body: {}, query: { x: '\u0000' } }))).toThrow(BadRequestException);
  });

  describe('the type of a body on /api', () => {
    const form = { method: 'POST', path: '/api/generate', body: { comedian_style: 'Jerry Seinfeld' } };
    const refusal = { error: 'Unsupported Media Type', message: 'Send the request body as JSON (Content-Type: application/json)' };
    const refusalOf = (request: ExecutionContext): unknown => {
      try {
        guard.canActivate(request);
        return undefined;
      } catch (error) {
        return error;
      }
    };

    it.each([
      ['a form (application/x-www-form-urlencoded)', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['text/plain', { 'content-type': 'text/plain;charset=UTF-8' }],
      ['multipart/form-data', { 'content-type': 'multipart/form-data; boundary=x' }],
      ['a look-alike (application/jsonp)', { 'content-type': 'application/jsonp' }],
      ['no content type at all', {}],
    ])('answers 415 Unsupported Media Type to a body sent as %s, parsed or not', (_name, type) => {
      const thrown = refusalOf(http({ ...form, headers: { 'content-length': '30', ...type } }));
      expect(thrown).toBeInstanceOf(UnsupportedMediaTypeException);
      expect((thrown as UnsupportedMediaTypeException).getResponse()).toEqual(refusal);
    });

    it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8'])('takes %s', (type) => {
      expect(guard.canActivate(http({ ...form, headers: { 'content-length': '30', 'content-type': type } }))).toBe(true);
    });

    it('takes a request without a body whatever its type says', () => {
      expect(guard.canActivate(http({ method: 'POST', path: '/api/logout', headers: { 'content-length': '0', 'content-type': 'text/plain' } }))).toBe(true);
    });

    it("leaves /auth/v1 its GoTrue forms and the payment provider's webhook its raw body", () => {
      const formType = { 'content-length': '30', 'content-type': 'application/x-www-form-urlencoded' };
      expect(guard.canActivate(http({ method: 'POST', path: '/auth/v1/token', headers: formType, body: { grant_type: 'password' } }))).toBe(true);
      expect(guard.canActivate(http({ method: 'POST', path: '/api/stripe/webhook', headers: { ...formType, 'content-type': 'text/plain' }, body: {} }))).toBe(true);
    });
  });

  describe("a contract's smaller body cap (analytics batches: 32 KB)", () => {
    const batch = (topicLength: number) => ({
      visitor_id: '0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b',
      events: [{ name: 'page_view', occurred_at: '2025-03-15T18:00:00.000Z', topic: 'x'.repeat(topicLength) }],
    });

    it('refuses a body of more than 32768 bytes as received with 413', () => {
      const body = batch(10);
      const rawBody = Buffer.from(JSON.stringify(body).padEnd(32 * 1024 + 1, ' '));
      expect(() => guard.canActivate(http({ method: 'POST', path: '/api/analytics/events', body, rawBody }))).toThrow(PayloadTooLargeException);
    });

    it('measures the parsed body when the raw bytes were not kept', () => {
      expect(() => guard.canActivate(http({ method: 'POST', path: '/api/analytics/events', body: batch(33 * 1024) }))).toThrow(
        'The request body is too large (at most 32768 bytes)',
      );
    });

    it('lets a body of exactly 32768 bytes through', () => {
      const body = batch(10);
      const rawBody = Buffer.from(JSON.stringify(body).padEnd(32 * 1024, ' '));
      expect(guard.canActivate(http({ method: 'POST', path: '/api/analytics/events', body, rawBody }))).toBe(true);
    });

    it('leaves a route without its own cap to the 100 KB of the body parser', () => {
      expect(guard.canActivate(http({ method: 'POST', path: '/api/generate', body: { topic: 'x'.repeat(60 * 1024) } }))).toBe(true);
    });
  });
});
