import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isDevToolPath } from './dev-tools-guard.js';
import { createEdge } from './edge.js';

// The edge in this process, over real HTTP, in front of a stub that records
// what reached "the API". A connection can be made to look as if it came from
// another machine (its socket's remoteAddress), which a test on one machine
// with only a loopback interface could not do otherwise.
let edge: Server;
let upstream: Server;
let baseUrl: string;
let remoteAddress: string | undefined;
const reached: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    reached.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const api = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  edge = createEdge({ upstreams: { command: api, query: api, 'local-provider': api }, health: {}, webRoot: '/nonexistent' });
  // Runs before the HTTP server's own connection handler sees the socket.
  edge.prependListener('connection', (socket: Socket) => {
    if (remoteAddress) Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  });
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => edge?.close(resolve));
  await new Promise((resolve) => upstream?.close(resolve));
});

beforeEach(() => {
  remoteAddress = undefined;
  reached.length = 0;
});

// A fresh connection per request, so each takes the socket address of its test.
const ask = (method: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { method, headers: { connection: 'close', ...headers }, body: method === 'POST' ? '{"seconds":60}' : undefined });

const devTools: [string, string][] = [
  ['GET', '/api/dev/mailbox'],
  ['GET', '/api/dev/mailbox/000000000000000-000000000000'],
  ['GET', '/api/local-billing/clock'],
  ['POST', '/api/local-billing/clock/advance'],
];

describe('a development tool at the edge', () => {
  it.each(devTools)('%s %s from another machine is refused with 403 and never reaches the API', async (method, path) => {
    remoteAddress = '192.0.2.77';
    const answer = await ask(method, path);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: 'Forbidden', message: 'Development tools answer only requests from this machine (a loopback address).' });
    expect(reached).toEqual([]);
  });

  it('believes the socket, not an X-Forwarded-For the client wrote', async () => {
    remoteAddress = '::ffff:203.0.113.9';
    expect((await ask('GET', '/api/dev/mailbox', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    expect(reached).toEqual([]);
  });

  it("passes this machine's request on, naming its socket address (whatever the client claimed) for the API's own check", async () => {
    expect((await ask('GET', '/api/local-billing/clock', { 'x-forwarded-for': '192.0.2.1' })).status).toBe(200);
    expect(reached).toEqual([{ url: '/api/local-billing/clock', headers: expect.objectContaining({ 'x-forwarded-for': '127.0.0.1' }) }]);
  });

  it('is off in production, even for this machine (404)', async () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const answer = await ask('GET', '/api/dev/mailbox');
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: 'Not Found', message: 'Development tools are off in production.' });
    } finally {
      process.env.NODE_ENV = saved;
    }
    expect(reached).toEqual([]);
  });
});

describe('every other API call', () => {
  it('reaches the API from any machine: the local portal and card confirmation check the signed-in owner instead', async () => {
    remoteAddress = '192.0.2.77';
    expect((await ask('GET', '/api/comedians')).status).toBe(200);
    expect((await ask('GET', '/api/local-billing/portal/bps_1')).status).toBe(200);
    expect((await ask('POST', '/api/local-billing/confirm-card')).status).toBe(200);
    expect(reached.map(({ url }) => url)).toEqual(['/api/comedians', '/api/local-billing/portal/bps_1', '/api/local-billing/confirm-card']);
  });
});

describe('the client address the edge forwards (X-Forwarded-For, read by the rate limits)', () => {
  const withTrustedProxies = async (value: string, run: () => Promise<void>) => {
    const saved = process.env.TRUSTED_PROXIES;
    process.env.TRUSTED_PROXIES = value;
    try {
      await run();
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    }
  };
  const forwardedFor = () => reached.map(({ headers }) => headers['x-forwarded-for']);

  it('ignores X-Forwarded-For without TRUSTED_PROXIES', async () => {
    remoteAddress = '203.0.113.9';
    await ask('GET', '/api/comedians', { 'x-forwarded-for': '198.51.100.4' });
    expect(forwardedFor()).toEqual(['203.0.113.9']);
  });

  it('takes the client from the right-most untrusted X-Forwarded-For hop', async () => {
    await withTrustedProxies('192.0.2.0/24, 2001:db8::/32', async () => {
      remoteAddress = '::ffff:192.0.2.10';
      await ask('GET', '/api/comedians', { 'x-forwarded-for': '127.0.0.1, 198.51.100.4, 2001:db8::1' });
      remoteAddress = '198.51.100.99';
      await ask('GET', '/api/comedians', { 'x-forwarded-for': '198.51.100.4' });
    });
    // The second peer is not a proxy of ours: what it wrote is ignored.
    expect(forwardedFor()).toEqual(['198.51.100.4', '198.51.100.99']);
  });

  it('keeps a development tool to the socket address, whatever a trusted proxy forwards', async () => {
    await withTrustedProxies('192.0.2.0/24', async () => {
      remoteAddress = '192.0.2.10';
      expect((await ask('GET', '/api/dev/mailbox', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    });
    expect(reached).toEqual([]);
  });
});

describe('isDevToolPath', () => {
  it('knows the development tools by their contracts, with or without a trailing slash', () => {
    expect(['/api/dev/mailbox', '/api/dev/mailbox/', '/api/dev/mailbox/abc', '/api/local-billing/clock', '/api/local-billing/clock/advance'].map(isDevToolPath)).toEqual([true, true, true, true, true]);
    expect(['/api/comedians', '/api/local-billing/confirm-card', '/api/local-billing/portal/bps_1', '/api/dev'].map(isDevToolPath)).toEqual([false, false, false, false]);
  });
});
