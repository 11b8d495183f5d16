import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contracts, type Side } from '@jokes/contracts';
import { createEdge } from './edge.js';

// The edge in this process, over real HTTP, in front of one recording stub per
// side: each call goes where its contract's side says, and the local payment
// provider's calls reach its own process, or answer 404 when it does not run.
const sides: Side[] = ['command', 'query', 'local-provider'];
const reached: { side: Side; url: string }[] = [];
const upstreams = new Map<Side, { server: Server; url: URL }>();
let withProvider: Server;
let withoutProvider: Server;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
};
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  for (const side of sides) {
    const server = createServer((request, response) => {
      reached.push({ side, url: request.url ?? '' });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
    upstreams.set(side, { server, url: await listen(server) });
  }
  const url = (side: Side) => upstreams.get(side)!.url;
  withProvider = createEdge({ upstreams: { command: url('command'), query: url('query'), 'local-provider': url('local-provider') }, health: {}, webRoot: '/nonexistent' });
  withoutProvider = createEdge({ upstreams: { command: url('command'), query: url('query') }, health: {}, webRoot: '/nonexistent' });
  await listen(withProvider);
  await listen(withoutProvider);
});

afterAll(async () => {
  for (const server of [withProvider, withoutProvider, ...[...upstreams.values()].map((upstream) => upstream.server)]) {
    await new Promise((resolve) => server?.close(resolve));
  }
});

beforeEach(() => {
  reached.length = 0;
});

const pathOf = (template: string) => template.replace(/:[A-Za-z]+/g, 'x1');
const ask = (edge: Server, method: string, path: string) =>
  fetch(`${urlOf(edge)}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' });

describe('with the local payment provider running', () => {
  it.each(contracts.map((contract) => [contract.method, contract.path, contract.side] as const))('%s %s reaches the %s upstream', async (method, path, side) => {
    expect((await ask(withProvider, method, pathOf(path))).status).toBe(200);
    expect(reached).toEqual([{ side, url: pathOf(path) }]);
  });

  it("sends the pages and calls Stripe would host to the provider, and the product's own billing to the command API", async () => {
    await ask(withProvider, 'POST', '/api/local-billing/confirm-card');
    await ask(withProvider, 'GET', '/api/local-billing/portal/bps_1');
    await ask(withProvider, 'POST', '/api/create-subscription');
    await ask(withProvider, 'POST', '/api/stripe/webhook');
    expect(reached.map(({ side }) => side)).toEqual(['local-provider', 'local-provider', 'command', 'command']);
  });
});

describe('without it (STRIPE_SECRET_KEY set)', () => {
  it.each([
    ['POST', '/api/local-billing/confirm-card'],
    ['GET', '/api/local-billing/portal/bps_1'],
    ['POST', '/api/local-billing/portal/bps_1/cancel'],
    ['GET', '/api/local-billing/clock'],
  ])('%s %s answers 404 and reaches nobody', async (method, path) => {
    const answer = await ask(withoutProvider, method, path);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: 'Not Found', message: 'The local payment provider is not in use.' });
    expect(reached).toEqual([]);
  });

  it('still routes everything else', async () => {
    expect((await ask(withoutProvider, 'GET', '/api/comedians')).status).toBe(200);
    expect(reached).toEqual([{ side: 'query', url: '/api/comedians' }]);
  });
});
