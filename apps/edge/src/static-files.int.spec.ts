import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import { createEdge } from './edge.js';

// The edge in this process serving a built web app from a folder of its own.
let root: string;
let edge: Server;
let baseUrl: string;
let withMaps: Server;
let withMapsUrl: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'edge-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Jokes</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), script);
  // What a build made with WEB_SOURCE_MAPS=true carries.
  writeFileSync(join(root, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["src/app.ts"],"mappings":""}');
  const unused = new URL('http://127.0.0.1:9');
  edge = createEdge({ upstreams: { command: unused, query: unused }, health: {}, webRoot: root });
  withMaps = createEdge({ upstreams: { command: unused, query: unused }, health: {}, webRoot: root, webSourceMaps: true });
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  baseUrl = await listen(edge);
  withMapsUrl = await listen(withMaps);
});

afterAll(async () => {
  for (const server of [edge, withMaps]) await new Promise((resolve) => server?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('the web app as the edge serves it', () => {
  it('gives the page a validator and answers 304 to a browser revalidating it, as its no-cache asks', async () => {
    const page = await fetch(`${baseUrl}/history`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const revalidated = await fetch(`${baseUrl}/`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('compresses a hashed asset, marks its validator weak and keeps it immutable', async () => {
    const asset = await fetch(`${baseUrl}/assets/app-1a2b.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('etag')).toMatch(/^W\/"/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe(script);
  });

  it('sends a file brotli-compressed at its best quality (the fewest bytes each visit), compressed once', async () => {
    const raw = () =>
      new Promise<Buffer>((resolve, reject) => {
        request(`${baseUrl}/assets/app-1a2b.js`, { headers: { 'accept-encoding': 'br' } }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => resolve(Buffer.concat(chunks)));
        })
          .on('error', reject)
          .end();
      });
    const best = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(await raw()).toEqual(best);
    expect(await raw()).toEqual(best);
  });

  it('answers 404 no-store for an unknown asset, never the page', async () => {
    for (const path of ['/assets/x.js', '/assets/app-0000.css', '/assets/', '/assets/..%2F..%2Foutside.js']) {
      const missing = await fetch(`${baseUrl}${path}`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-store');
      expect(await missing.text()).not.toContain('<title>');
    }
  });

  it('still answers a client route or an unknown page with the page, for the client router', async () => {
    for (const path of ['/history', '/legal/terms', '/no-such-page']) {
      const page = await fetch(`${baseUrl}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Jokes</title>');
    }
  });

  it('serves no source maps by default', async () => {
    const map = await fetch(`${baseUrl}/assets/app-1a2b.js.map`);
    expect(map.status).toBe(404);
    expect(map.headers.get('cache-control')).toBe('no-store');
  });

  it('serves the source maps when WEB_SOURCE_MAPS asks', async () => {
    const map = await fetch(`${withMapsUrl}/assets/app-1a2b.js.map`);
    expect(map.status).toBe(200);
    expect(await map.json()).toMatchObject({ version: 3 });
  });
});
