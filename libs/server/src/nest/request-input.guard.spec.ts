import { BadRequestException, type ExecutionContext } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { RequestInputGuard } from './request-input.guard.js';

const guard = new RequestInputGuard();

function http(request: { method: string; path: string; body?: unknown; query?: unknown; params?: Record<string, string> }): ExecutionContext {
  const full = { headers: { 'content-length': '10' }, query: {}, params: {}, ...request };
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
});
