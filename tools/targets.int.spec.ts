import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { confirmedUser, uniqueEmail } from '../apps/edge/src/testing/auth-helpers.ts';
import { freePort, projectRoot } from './postgres.ts';

// The product scaled out: the targets write, read and backend as processes of
// their own on one database (as docker-compose.yml runs them behind HAProxy),
// each serving only its side. Runs the built program (npm test builds first).
interface Target {
  name: 'write' | 'read' | 'backend';
  child: ChildProcess;
  url: string;
  output: string[];
}

const targets: Target[] = [];
let databaseName: string;
let dataDir: string;
const byName = (name: Target['name']) => targets.find((target) => target.name === name)!;

async function launch(name: Target['name'], port: number, env: NodeJS.ProcessEnv): Promise<Target> {
  const child = spawn(process.execPath, [join(projectRoot(), 'apps/product/dist/main.js')], {
    cwd: projectRoot(),
    env: { ...env, TARGET: name, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const target: Target = { name, child, url: `http://127.0.0.1:${port}`, output: [] };
  child.stdout!.on('data', (chunk: Buffer) => target.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => target.output.push(chunk.toString()));
  targets.push(target);
  return target;
}

async function healthy(target: Target): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (target.child.exitCode !== null) break;
    if (await fetch(`${target.url}/api/health`).then((answer) => answer.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${target.name} did not become healthy:\n${target.output.join('').slice(-3000)}`);
}

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL!;
  databaseName = `targets_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${databaseName}`;
  // write and backend share the development secrets (DATA_DIR), as the compose file's volume does.
  dataDir = mkdtempSync(join(tmpdir(), 'jokes-targets-'));
  const [writePort, readPort, backendPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const writeUrl = `http://127.0.0.1:${writePort}`;
  const { DATABASE_URL: _database, TARGET: _target, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    // The links in mails and the tokens' issuer: here the write target stands for the public origin.
    PUBLIC_URL: writeUrl,
    STRIPE_SECRET_KEY: '',
  };
  // The backend first: its projectors make the read models the read target needs to be ready.
  await healthy(await launch('backend', backendPort, env));
  await healthy(await launch('write', writePort, env));
  await healthy(await launch('read', readPort, { ...env, AUTH_JWKS_URL: `${writeUrl}/auth/v1/.well-known/jwks.json` }));
}, 240_000);

afterAll(async () => {
  await Promise.all(
    targets.map(async ({ child }) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}, 60_000);

const generate = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ comedian_style: 'Jerry Seinfeld', length: 'short', topic: 'airports' }),
  });

describe('the targets scaled out (write, read, backend on one database)', () => {
  it('serve only their own side: another side is a 421 that names the side', async () => {
    expect((await generate(byName('write').url)).status).toBe(200);
    expect((await fetch(`${byName('read').url}/api/comedians`)).status).toBe(200);

    const misdirected = await generate(byName('read').url);
    expect({ status: misdirected.status, body: await misdirected.json() }).toEqual({
      status: 421,
      body: { error: 'Misdirected Request', message: 'This process does not serve the command side.' },
    });
    expect((await fetch(`${byName('write').url}/api/comedians`)).status).toBe(421);
    expect((await fetch(`${byName('read').url}/auth/v1/settings`)).status).toBe(421);
    for (const path of ['/api/generate', '/api/comedians']) {
      expect((await fetch(`${byName('backend').url}${path}`, { method: path === '/api/generate' ? 'POST' : 'GET' })).status).toBe(421);
    }
  });

  it('serve the web app from read only', async () => {
    const home = await fetch(`${byName('read').url}/`);
    expect({ status: home.status, type: home.headers.get('content-type') }).toMatchObject({ status: 200, type: expect.stringContaining('text/html') });
    expect((await fetch(`${byName('write').url}/`)).status).toBe(404);
  });

  it('run a joke through all three: written and shared on write with the token it signed, projected by backend, its page read on read', async () => {
    const { access_token: token } = await confirmedUser(byName('write').url, uniqueEmail('targets'), 'targets-password-1');
    const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const authorization = `Bearer ${token}`;
    const written = await generate(byName('write').url, { authorization });
    expect(written.status).toBe(200);
    const joke = (await written.json()) as { id: string };
    const shared = await fetch(`${byName('write').url}/api/jokes/${joke.id}/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ platform: 'x', visitor_id: randomUUID(), user_id: userId }),
    });
    expect(shared.status).toBe(200);
    // The backend's projectors publish the page; the read target serves it once they have.
    let page: Response | undefined;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      page = await fetch(`${byName('read').url}/j/${joke.id}`);
      if (page.status === 200) break;
    }
    expect(page?.status).toBe(200);
    expect(await page!.text()).toContain(`/j/${joke.id}`);
  });

  it('each report their own parts as healthy, the backend its projectors and jobs', async () => {
    const services = async (target: Target) => ((await (await fetch(`${target.url}/api/health`)).json()) as { services: Record<string, string> }).services;
    expect(Object.keys(await services(byName('write')))).toEqual(expect.arrayContaining(['command-api', 'database']));
    expect(Object.keys(await services(byName('read')))).toEqual(expect.arrayContaining(['query-api', 'database']));
    expect(await services(byName('backend'))).toMatchObject({ jobs: 'ok', projectors: 'ok', database: 'ok' });
  });
});
