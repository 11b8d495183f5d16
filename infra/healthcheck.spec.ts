import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { root } from './compose/compose-model.js';

// Health answers as the product's processes give them, by path.
const ANSWERS: Record<string, [number, unknown]> = {
  '/live': [200, { status: 'ok', database: 'ok' }],
  '/standby': [503, { status: 'starting', database: 'ok' }],
  '/database-down': [503, { status: 'unavailable', database: 'unreachable' }],
  // A target's /api/health (the edge's report of the parts in its process).
  '/backend-starting': [503, { status: 'starting', services: { jobs: 'ok', projectors: 'status 503', database: 'ok' } }],
  '/backend-database-down': [503, { status: 'degraded', services: { jobs: 'waiting for the database', projectors: 'ok', database: 'unreachable' } }],
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const [status, body] = ANSWERS[request.url!] ?? [404, undefined];
    response.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? 'not found' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The exit status of infra/healthcheck.mjs for `path` (as a compose healthcheck runs it). */
function check(path: string, ...mode: string[]): Promise<number | null> {
  const child = spawn(process.execPath, [join(root, 'infra/healthcheck.mjs'), `${base}${path}`, ...mode], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('the compose healthcheck of a process', () => {
  it('is healthy only on a 200 by default', async () => {
    expect(await check('/live')).toBe(0);
    expect(await check('/standby')).toBe(1);
  });

  it('counts a hot standby that reaches the database as healthy with --database-ok', async () => {
    expect(await check('/standby', '--database-ok')).toBe(0);
    expect(await check('/database-down', '--database-ok')).toBe(1);
  });

  it('reads the database’s state from a target’s /api/health with --database-ok (a backend that is catching up or standing by)', async () => {
    expect(await check('/backend-starting', '--database-ok')).toBe(0);
    expect(await check('/backend-database-down', '--database-ok')).toBe(1);
    expect(await check('/backend-starting')).toBe(1);
  });

  it('with --answering, asks only for a JSON answer (the edge reports the whole product)', async () => {
    expect(await check('/database-down', '--answering')).toBe(0);
    expect(await check('/missing', '--answering')).toBe(1);
  });

  it('is unhealthy when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const child = spawn(process.execPath, [join(root, 'infra/healthcheck.mjs'), `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/health`], { stdio: 'ignore' });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
  });
});
