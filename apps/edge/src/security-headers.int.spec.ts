import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEdge } from './edge.js';
import { securitySettingsFromEnv } from './security-headers.js';

// Two edges in this process, over real HTTP, each serving a built web app from
// a folder of its own and passing /api on to a stub API that answers as an
// Express app does unless told otherwise (X-Powered-By: Express): one as npm
// start runs it (http://localhost, no Stripe), one as a deployment with an
// https PUBLIC_URL, Stripe and a hosted Supabase project.
const INLINE_SCRIPT = "if (location.pathname !== '/') document.documentElement.classList.add('client-route');";
const PORTAL_POLICY = "default-src 'none'; script-src 'sha256-portal'; frame-ancestors 'none'";
let root: string;
let upstream: Server;
let local: Server;
let hosted: Server;
let localUrl: string;
let hostedUrl: string;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'edge-security-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><title>Jokes</title><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app-1a2b.js"></script><div id="root"></div>`,
  );
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.log(1);');
  upstream = createServer((request, response) => {
    // The local provider's portal page says what its own inline script is.
    const own = request.url?.startsWith('/api/local-billing/portal/') ? { 'content-security-policy': PORTAL_POLICY, 'content-type': 'text/html' } : {};
    response.writeHead(200, { 'content-type': 'application/json', 'x-powered-by': 'Express', ...own });
    response.end('{}');
  });
  const api = new URL(await listen(upstream));
  const upstreams = { command: api, query: api, 'local-provider': api };
  local = createEdge({ upstreams, health: {}, webRoot: root, security: securitySettingsFromEnv({ PUBLIC_URL: 'http://localhost:3000' }) });
  hosted = createEdge({
    upstreams,
    health: {},
    webRoot: root,
    security: securitySettingsFromEnv({ PUBLIC_URL: 'https://jokes.example', STRIPE_SECRET_KEY: 'sk_live_x', SUPABASE_URL: 'https://project.supabase.co/' }),
  });
  localUrl = await listen(local);
  hostedUrl = await listen(hosted);
});

afterAll(async () => {
  for (const server of [local, hosted, upstream]) await new Promise((resolve) => server?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** The answer's headers to a request with a character Node's parser refuses: the edge writes that answer to the socket itself. */
function refusedRequestHeaders(baseUrl: string): Promise<Headers> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = ''] = received.split('\r\n\r\n');
      const lines = head.split('\r\n');
      if (!/^HTTP\/1\.1 400/.test(lines[0] ?? '')) return reject(new Error(`expected a 400, got ${lines[0]}`));
      resolve(new Headers(lines.slice(1).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as [string, string])));
    });
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad\u0001Header: 1\r\n\r\n', 'latin1');
  });
}

const directive = (policy: string | null, name: string) =>
  (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));

describe('the headers on every answer of the edge', () => {
  it.each([
    ['a page', '/history', 200],
    ['an asset', '/assets/app-1a2b.js', 200],
    ['an error the edge answers itself', '/api/no-such-thing', 404],
    ['narration audio, which a browser may open as a media document', `/api/audio/${'a'.repeat(64)}.mp3`, 200],
    ['a source map it does not serve', '/assets/app-1a2b.js.map', 404],
  ])('are on %s', async (_what, path, status) => {
    const answer = await fetch(`${localUrl}${path}`);
    expect(answer.status).toBe(status);
    const policy = answer.headers.get('content-security-policy');
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'script-src')).toMatch(/^script-src 'self'/);
    expect(directive(policy, 'script-src-attr')).toBe("script-src-attr 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const permissions = answer.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
  });

  it.each([
    ['an answer of the query API', '/api/comedians'],
    ['an answer of the command API', '/api/generate'],
    ['an answer of auth', '/auth/v1/token'],
  ])('are, on %s, those that matter on JSON (OWASP REST Security): nothing may load in it or frame it', async (_what, path) => {
    const answer = await fetch(`${localUrl}${path}`, { method: path === '/api/comedians' ? 'GET' : 'POST' });
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // What governs a document (its loads, referrer, opener, features) is not sent on JSON.
    for (const documentOnly of ['permissions-policy', 'referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control']) {
      expect(answer.headers.get(documentOnly)).toBeNull();
    }
  });

  it('are on an answer to a request the parser refuses, which the edge writes to the socket itself', async () => {
    const headers = await refusedRequestHeaders(localUrl);
    expect(directive(headers.get('content-security-policy'), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
  });

  it('give the page a policy naming its inline script by hash, and the other answers none', async () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    for (const path of ['/', '/history']) expect(directive((await fetch(`${localUrl}${path}`)).headers.get('content-security-policy'), 'script-src')).toBe(`script-src 'self' ${hash}`);
    expect(directive((await fetch(`${localUrl}/assets/app-1a2b.js`)).headers.get('content-security-policy'), 'script-src')).toBe("script-src 'self'");
  });

  it('send no X-Powered-By', async () => {
    for (const path of ['/', '/assets/app-1a2b.js', '/api/comedians', '/api/local-billing/portal/bps_1', '/api/no-such-thing']) {
      expect((await fetch(`${localUrl}${path}`)).headers.get('x-powered-by')).toBeNull();
    }
  });

  it('send HSTS only for an https PUBLIC_URL', async () => {
    for (const path of ['/', '/api/comedians']) {
      expect((await fetch(`${localUrl}${path}`)).headers.get('strict-transport-security')).toBeNull();
      expect((await fetch(`${hostedUrl}${path}`)).headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
    expect(directive((await fetch(`${localUrl}/`)).headers.get('content-security-policy'), 'upgrade-insecure-requests')).toBeUndefined();
    expect(directive((await fetch(`${hostedUrl}/`)).headers.get('content-security-policy'), 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
  });

  it('let the browser reach Stripe and a hosted auth backend only where they are configured', async () => {
    const localPolicy = (await fetch(`${localUrl}/subscribe`)).headers.get('content-security-policy');
    expect(localPolicy).not.toContain('stripe');
    expect(directive(localPolicy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(localPolicy, 'frame-src')).toBe("frame-src 'none'");

    const hostedAnswer = await fetch(`${hostedUrl}/subscribe`);
    const policy = hostedAnswer.headers.get('content-security-policy');
    expect(directive(policy, 'script-src')).toMatch(/^script-src 'self' 'sha256-[^']+' https:\/\/js\.stripe\.com/);
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://project.supabase.co https://api.stripe.com");
    expect(directive(policy, 'frame-src')).toContain('https://js.stripe.com');
    expect(directive(policy, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(hostedAnswer.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
  });

  it("keep the policy of an upstream page that carries its own, and the edge's other headers with it (a page's, under /api too)", async () => {
    const portal = await fetch(`${localUrl}/api/local-billing/portal/bps_1`);
    expect(portal.headers.get('content-security-policy')).toBe(PORTAL_POLICY);
    expect(portal.headers.get('x-frame-options')).toBe('DENY');
    expect(portal.headers.get('permissions-policy')).toContain('camera=()');
    expect(portal.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
