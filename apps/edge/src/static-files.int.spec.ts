import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEdge } from './edge.js';

// The edge in this process serving a built web app from a folder of its own.
let root: string;
let edge: Server;
let baseUrl: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'edge-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Jokes</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), script);
  const unused = new URL('http://127.0.0.1:9');
  edge = createEdge({ upstreams: { command: unused, query: unused }, health: {}, webRoot: root });
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => edge?.close(resolve));
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
});
