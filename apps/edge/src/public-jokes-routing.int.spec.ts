import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEdge } from './edge.js';
import { securitySettingsFromEnv } from './security-headers.js';

// The edge in front of two stub sides that say who they are: public joke pages
// and cards go to the query side by their contracts, never to the web app.
let root: string;
const servers: Server[] = [];
let edgeUrl: string;

const listen = async (server: Server) => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const side = (name: string) =>
  createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-side': name });
    response.end(`<!doctype html><title>${name}</title><img src="/j/x/card/1200x630.png">`);
  });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'edge-public-jokes-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>web app</title>');
  const command = new URL(await listen(side('command')));
  const query = new URL(await listen(side('query')));
  const edge = createEdge({ upstreams: { command, query }, health: {}, webRoot: root, security: securitySettingsFromEnv({ PUBLIC_URL: 'http://localhost:3000' }) });
  edgeUrl = await listen(edge);
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('public joke routes at the edge', () => {
  it('sends the page and both cards to the query side, and unpublish to the command side', async () => {
    const id = randomUUID();
    for (const path of [`/j/${id}`, `/j/${id}/card/1200x630.png`, `/j/${id}/card/1080x1080.png`]) {
      expect((await fetch(`${edgeUrl}${path}`)).headers.get('x-side')).toBe('query');
    }
    const unpublish = await fetch(`${edgeUrl}/api/jokes/${id}/unpublish`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unpublish.headers.get('x-side')).toBe('command');
  });

  it('answers 404 for a /j/ path no contract has, instead of the web app', async () => {
    for (const path of ['/j/', `/j/${randomUUID()}/other`, `/j/${randomUUID()}/card/1200x630.png/more`]) {
      const answer = await fetch(`${edgeUrl}${path}`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('web app');
    }
  });

  it("gives the page the edge's security headers, whose policy lets it show its own card and runs no script", async () => {
    const answer = await fetch(`${edgeUrl}/j/${randomUUID()}`);
    const policy = answer.headers.get('content-security-policy')!;
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });
});
