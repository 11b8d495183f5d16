import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthApp, type AuthApp } from './testing/auth-app.js';

// The API's own check on development tools, behind the edge's: the APIs listen
// on 127.0.0.1, so a caller from another machine can only come through the
// edge, which names the caller's socket address in X-Forwarded-For.
let app: AuthApp;
beforeAll(async () => {
  app = await startAuthApp();
}, 60_000);
afterAll(async () => {
  await app?.stop();
}, 30_000);

const forwardedFrom = (address: string) => ({ 'x-forwarded-for': address });
// Every row has all three values: Jest would pass a shorter row's missing one as `done`.
const devTools: [string, string, object | undefined][] = [
  ['GET', '/api/dev/mailbox', undefined],
  ['GET', '/api/dev/mailbox/000000000000000-000000000000', undefined],
];
const ask = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body ? JSON.stringify(body) : undefined });

describe('a development tool', () => {
  it.each(devTools)('%s %s refuses a caller the edge forwarded from another machine with 403', async (method, path, body) => {
    const answer = await ask(method, path, body, forwardedFrom('192.0.2.77'));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: 'Forbidden', message: 'Development tools answer only requests from this machine (a loopback address).' });
  });

  it('answers this machine, directly or through the edge', async () => {
    expect((await ask('GET', '/api/dev/mailbox')).status).toBe(200);
    expect((await ask('GET', '/api/dev/mailbox', undefined, forwardedFrom('127.0.0.1'))).status).toBe(200);
    expect((await ask('GET', '/api/dev/mailbox', undefined, forwardedFrom('::1'))).status).toBe(200);
  });

  it('counts every hop: a local hop in front of a remote one is still remote', async () => {
    expect((await ask('GET', '/api/dev/mailbox', undefined, forwardedFrom('127.0.0.1, 192.0.2.77'))).status).toBe(403);
  });

  it.each(devTools)('%s %s is off in production (404), even for this machine', async (method, path, body) => {
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
