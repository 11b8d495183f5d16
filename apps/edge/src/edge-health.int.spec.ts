import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { checkHealth } from './edge-health.js';

// Each process behind the edge answers its own /health; the edge sums them up.
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function process(status: number, body: unknown): Promise<URL> {
  const server = createServer((_, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/health`);
}

describe('the edge health summary', () => {
  it('shows failing mail without refusing traffic: mail waits in the outbox and is retried', async () => {
    const health = await checkHealth({
      'command-api': await process(200, { status: 'ok', database: 'ok', mail: { status: 'failing', pending: 2, failing: 2, failed: 0 } }),
      'query-api': await process(200, { status: 'ok', database: 'ok' }),
    });
    expect(health).toEqual({ status: 'ok', services: { 'command-api': 'ok', 'query-api': 'ok', database: 'ok', mail: 'failing' } });
  });

  it("shows the ceiling in /api/health: the command API's spend budgets, passed on as they are", async () => {
    const spend = { 'model-calls': { used: 12, ceiling: 600, freeLimit: 300, resetsAt: '2026-11-27T09:00:00.000Z' } };
    const health = await checkHealth({
      'command-api': await process(200, { status: 'ok', database: 'ok', spend }),
      'query-api': await process(200, { status: 'ok', database: 'ok' }),
    });
    expect(health).toEqual({ status: 'ok', services: { 'command-api': 'ok', 'query-api': 'ok', database: 'ok' }, spend });
  });

  it('names the database as the part that is down when the processes cannot reach it', async () => {
    const health = await checkHealth({
      'command-api': await process(503, { status: 'degraded', database: 'unreachable' }),
      'query-api': await process(200, { status: 'ok', database: 'ok' }),
    });
    expect(health.status).toBe('degraded');
    expect(health.services).toMatchObject({ 'command-api': 'waiting for the database', database: 'unreachable' });
  });

  it('names KurrentDB as the part that is down when the processes keeping the events there cannot reach it', async () => {
    const health = await checkHealth({
      'command-api': await process(503, { status: 'unavailable', database: 'ok', eventStore: 'unreachable' }),
      projectors: await process(503, { status: 'unavailable', database: 'ok', eventStore: 'unreachable' }),
      'query-api': await process(200, { status: 'ok', database: 'ok' }),
    });
    expect(health).toEqual({
      status: 'degraded',
      services: { 'command-api': 'waiting for the event store', projectors: 'waiting for the event store', 'query-api': 'ok', database: 'ok', eventStore: 'unreachable' },
    });
  });
});
