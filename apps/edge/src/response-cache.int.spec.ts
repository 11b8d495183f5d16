import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { createEdge } from './edge.js';

// The edge in this process, over real HTTP, in front of a stub query API that
// counts what reaches it: answers the API marks public with a max-age are kept
// and answered by the edge, compressed, with their validator; nothing else is.
const catalogue = JSON.stringify({ comedians: Array.from({ length: 200 }, (_, n) => ({ name: `Comedian ${n}`, tier: n < 11 ? 'free' : 'premium' })) });
const ETAG = '"catalogue-1"';
const reached: string[] = [];
let upstream: Server;
let edge: Server;
let port: number;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  upstream = createServer((incoming, response) => {
    reached.push(incoming.url ?? '');
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', etag: ETAG };
    const path = new URL(incoming.url ?? '/', 'http://upstream').pathname;
    if (path === '/api/comedians') headers['cache-control'] = 'public, max-age=3600';
    if (path === '/api/subscription-status') headers['cache-control'] = 'private, max-age=3600';
    if (path === '/api/jokes/history') headers['cache-control'] = 'no-store';
    response.writeHead(200, headers);
    response.end(catalogue);
  });
  const upstreamUrl = new URL(`http://127.0.0.1:${await listen(upstream)}`);
  edge = createEdge({ upstreams: { command: upstreamUrl, query: upstreamUrl }, health: {}, webRoot: '/nonexistent' });
  port = await listen(edge);
});

afterAll(async () => {
  for (const server of [edge, upstream]) await new Promise((resolve) => server?.close(resolve));
});

beforeEach(() => {
  reached.length = 0;
});

/** A raw GET (fetch would decompress and hide the encoding). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the edge keeps public answers', () => {
  it('answers the catalogue from its copy after the first request, compressed for a browser that accepts brotli', async () => {
    const first = await get('/api/comedians?copy=1');
    expect(first.body.toString()).toBe(catalogue);
    const again = await get('/api/comedians?copy=1', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reached).toEqual(['/api/comedians?copy=1']);
    expect(again.status).toBe(200);
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.body).toString()).toBe(catalogue);
    expect(again.body.length).toBeLessThan(catalogue.length / 3);
    expect(again.headers).toMatchObject({ 'cache-control': 'public, max-age=3600', etag: `W/${ETAG}`, vary: 'accept-encoding', age: expect.stringMatching(/^\d+$/) });
  });

  it('answers 304 without a body when the browser still holds the copy its validator names', async () => {
    await get('/api/comedians?copy=2');
    const revalidated = await get('/api/comedians?copy=2', { 'if-none-match': `W/${ETAG}`, 'accept-encoding': 'br' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(`W/${ETAG}`);
    expect(reached).toEqual(['/api/comedians?copy=2']);
  });

  it('forwards every request that carries credentials, and every answer that is private or not to be stored', async () => {
    await get('/api/comedians?copy=3');
    await get('/api/comedians?copy=3', { authorization: 'Bearer someone' });
    await get('/api/subscription-status');
    await get('/api/subscription-status');
    await get('/api/jokes/history');
    await get('/api/jokes/history');
    expect(reached).toEqual(['/api/comedians?copy=3', '/api/comedians?copy=3', '/api/subscription-status', '/api/subscription-status', '/api/jokes/history', '/api/jokes/history']);
  });

  it('asks the API again for a browser that refuses cached answers', async () => {
    await get('/api/comedians?copy=4');
    await get('/api/comedians?copy=4', { 'cache-control': 'no-cache' });
    expect(reached).toEqual(['/api/comedians?copy=4', '/api/comedians?copy=4']);
  });
});
