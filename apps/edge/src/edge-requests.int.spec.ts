import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { freePort, projectRoot } from '../../../tools/postgres.ts';
import { rawRequest } from './testing/raw-http.js';

// The built edge as `npm start` runs it, in its own process, so a request that
// crashes it shows as a process that exited. The processes behind it are a stub
// that records what reached it.
let edge: ChildProcess;
let port: number;
let upstream: Server;
const forwarded: string[] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    forwarded.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'ok', database: 'ok' }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamPort = String((upstream.address() as AddressInfo).port);
  ({ child: edge, port } = await startEdge({ COMMAND_API_PORT: upstreamPort, QUERY_API_PORT: upstreamPort, PROJECTORS_PORT: upstreamPort }));
}, 30_000);

afterAll(async () => {
  if (edge) await stopEdge(edge);
  await new Promise((resolve) => upstream?.close(resolve));
});

async function startEdge(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [join(projectRoot(), 'apps/edge/dist/main.js')], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  while (!output.join('').includes('edge listening')) {
    if (child.exitCode !== null) throw new Error(`the edge did not start:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, port };
}

async function stopEdge(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const stillServing = async () => {
  expect(edge.exitCode).toBeNull();
  expect(await rawRequest(port, '/api/comedians')).toBe(200);
};

describe('requests the edge cannot parse', () => {
  it.each([
    ['a network-path reference', '//'],
    ['a network-path reference with an impossible port', '//x:99999/api'],
    ['an absolute form with a broken IPv6 host', 'http://[::1'],
    ['an absolute form (the edge is no forward proxy)', 'http://example.com/api/comedians'],
    ['a broken percent sequence in a page path', '/%E0%A4%A'],
    ['a broken percent sequence in an API path', '/api/%E0%A4%A'],
    ['an encoded lone surrogate', '/api/jokes/%ED%A0%80'],
    ['an encoded NUL', '/index.html%00.png'],
    ['an encoded NUL in an API path', '/api/jokes/a%00b'],
    ['an encoded control character', '/a%0D%0Ab'],
    ['a backslash that would change the host', '/\\example.com'],
    ['the asterisk form', '*'],
  ])('answers 400 to %s and keeps serving', async (_name, target) => {
    expect(await rawRequest(port, target)).toBe(400);
    await stillServing();
  });

  it('answers 400 to a raw control character that the HTTP parser refuses', async () => {
    expect(await rawRequest(port, '/a\u0001b')).toBe(400);
    await stillServing();
  });

  it('survives all of them sent one after another, as an attacker would', async () => {
    for (const target of ['//', '//x:99999/api', 'http://[::1', '/%E0%A4%A', '//', '/%00', '//x:99999/api']) {
      expect(await rawRequest(port, target)).toBe(400);
    }
    await stillServing();
  });
});

describe('requests the edge forwards', () => {
  it('forwards the path it routed on, dot segments resolved, query kept', async () => {
    forwarded.length = 0;
    expect(await rawRequest(port, '/api/generate/../comedians?x=1')).toBe(200);
    expect(forwarded).toEqual(['/api/comedians?x=1']);
  });

  it('answers 503 with a retry hint while the process behind it is down, and keeps serving', async () => {
    const closed = String(await freePort());
    const other = await startEdge({ COMMAND_API_PORT: closed, QUERY_API_PORT: closed, PROJECTORS_PORT: closed });
    try {
      const answer = await fetch(`http://127.0.0.1:${other.port}/api/comedians`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(other.child.exitCode).toBeNull();
    } finally {
      await stopEdge(other.child);
    }
  });
});

describe('where the edge listens', () => {
  // An address of this machine other than loopback, as another machine on the network would use.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
  const accepts = (host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, host);
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  const withExternalAddress = external ? it : it.skip;

  withExternalAddress('is loopback only by default: the network cannot reach it', async () => {
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts(external!, port)).toBe(false);
  });

  withExternalAddress('listens where HOST says', async () => {
    const open = await startEdge({ HOST: '0.0.0.0' });
    try {
      expect(await accepts(external!, open.port)).toBe(true);
    } finally {
      await stopEdge(open.child);
    }
  });
});
