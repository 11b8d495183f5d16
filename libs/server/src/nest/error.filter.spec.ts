import { describe, expect, it, jest } from '@jest/globals';
import { type ArgumentsHost, NotFoundException } from '@nestjs/common';
import { ErrorFilter, type ErrorFilterOptions } from './error.filter.js';

/** What the filter writes: its status, body and headers, and the lines it logs. */
function answer(error: unknown, options: ErrorFilterOptions) {
  const written = { status: 0, body: undefined as unknown, headers: {} as Record<string, string>, logged: [] as unknown[] };
  const response = {
    setHeader: (name: string, value: string) => void (written.headers[name] = value),
    status: (code: number) => ((written.status = code), { json: (body: unknown) => void (written.body = body) }),
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((line) => written.logged.push(JSON.parse(String(line))) > 0);
  try {
    new ErrorFilter(options).catch(error, host);
  } finally {
    stderr.mockRestore();
  }
  return written;
}

describe('ErrorFilter', () => {
  it("answers the app's own failures first, with their header and line", () => {
    const own = () => ({ status: 429, body: { error: 'Slow down' }, retryAfterSeconds: 7, log: ['warn', 'limited', {}] as const });
    const written = answer(new Error('mine'), { matchers: [own], failureLog: 'failed' });
    expect(written).toMatchObject({ status: 429, body: { error: 'Slow down' }, headers: { 'Retry-After': '7' }, logged: [{ message: 'limited' }] });
  });

  it('answers 503 with Retry-After and one warning while PostgreSQL cannot be reached', () => {
    const written = answer(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), { failureLog: 'failed' });
    expect(written).toMatchObject({ status: 503, body: { error: 'Service Unavailable' }, logged: [{ level: 'warn', message: 'database unavailable' }] });
    expect(written.headers['Retry-After']).toBeDefined();
  });

  it("answers Nest's HttpException with its status and body, logging nothing", () => {
    expect(answer(new NotFoundException({ error: 'Not Found' }), { failureLog: 'failed' })).toMatchObject({ status: 404, body: { error: 'Not Found' }, logged: [] });
  });

  it('answers anything else 500 and logs its stack', () => {
    expect(answer(new Error('boom'), { failureLog: 'failed' })).toMatchObject({ status: 500, logged: [{ level: 'error', message: 'failed' }] });
  });

  it('logs every other 5xx with its status only when asked', () => {
    const unavailable = () => ({ status: 503, body: {} });
    expect(answer(new Error('down'), { matchers: [unavailable], failureLog: 'failed' }).logged).toEqual([]);
    expect(answer(new Error('down'), { matchers: [unavailable], failureLog: 'failed', logEveryServerError: true }).logged).toMatchObject([{ message: 'failed', status: 503 }]);
  });
});
