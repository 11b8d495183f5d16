import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { contracts, defineContract, sideOfPath, type Side } from '@jokes/contracts';
import { z } from 'zod';
import { projectRoot } from '../postgres.ts';
import { gatewayRoutes } from './gateway-routes.ts';
import { haproxyConfig } from './haproxy-config.ts';

const root = projectRoot();
const CHECKED_IN = 'infra/gateway/haproxy.cfg';
const checkedIn = readFileSync(join(root, CHECKED_IN), 'utf8');
// What the generator writes now: the checks below read it, the first one holds the checked-in file equal to it.
const generated = haproxyConfig();

/** The replicas that serve each side (apps/product/src/targets.ts): write the command side, read the query side. */
const SERVED_BY: Record<Side, string> = { command: 'write', query: 'read', 'local-provider': 'local_stripe' };

/** Where a path must go as the edge in every replica routes it (apps/edge/src/edge.ts); any other replica would answer 421. */
function edgeBackend(path: string): string {
  if (path.startsWith('/auth/v1/')) return 'write';
  const side = sideOfPath(path);
  return side ? SERVED_BY[side] : 'read';
}

/** The backend HAProxy picks for a path from a config's `frontend product`: its ACLs and use_backend lines, in order. */
function haproxyBackend(config: string, path: string): string {
  const section = config.slice(config.indexOf('frontend product'), config.indexOf('\n\n', config.indexOf('frontend product')));
  const lines = section.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim());
  const acls = new Map<string, ((path: string) => boolean)[]>();
  for (const line of lines) {
    const [keyword, name, fetch, ...values] = line.split(/\s+/);
    if (keyword !== 'acl') continue;
    const test =
      fetch === 'path' ? (p: string) => values.includes(p)
      : fetch === 'path_beg' ? (p: string) => values.some((value) => p.startsWith(value))
      : fetch === 'path_reg' ? (p: string) => values.some((value) => new RegExp(value).test(p))
      : undefined;
    if (!test) throw new Error(`the spec does not read this ACL: ${line}`);
    // HAProxy ORs the lines of one ACL name.
    acls.set(name!, [...(acls.get(name!) ?? []), test]);
  }
  for (const line of lines) {
    const use = line.match(/^use_backend (\S+) if (\S+)$/);
    if (use && (acls.get(use[2]!) ?? []).some((test) => test(path))) return use[1]!;
  }
  return section.match(/^\s*default_backend (\S+)/m)![1]!;
}

// Values for a path's parameters: an id, and every literal segment of the contracts (a parameter may look like another route's word).
const WORDS = [...new Set(contracts.flatMap((contract) => contract.path.split('/').filter((segment) => segment && !segment.startsWith(':'))))];
const PARAMETER_VALUES = ['5f0c7a52-3b8e-4e1e-9a39-0d7c1f0e2b6a', ...WORDS];

/** Paths that reach each contract: its own path, or its parameters filled with each sample value; with a trailing slash too. */
function samplePaths(path: string): string[] {
  const filled = path.includes('/:') ? PARAMETER_VALUES.map((value) => path.replace(/:[A-Za-z0-9_]+/g, value)) : [path];
  return filled.flatMap((sample) => [sample, `${sample}/`]);
}

const haproxyBinary = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
if (!haproxyBinary) process.stdout.write('[gateway spec] haproxy is not installed here: `haproxy -c` is not run; the route table is evaluated in TypeScript\n');

describe('the gateway’s HAProxy configuration', () => {
  it('is checked in exactly as tools/gateway/haproxy-config.ts writes it from the contracts', () => {
    expect({ file: CHECKED_IN, upToDate: checkedIn === generated, regenerate: 'npm run gateway-config' }).toEqual({
      file: CHECKED_IN,
      upToDate: true,
      regenerate: 'npm run gateway-config',
    });
  });

  it('routes every contract’s path, parameterised ones with every sample value, to the backend of the side the edge gives it', () => {
    const wrong = contracts.flatMap((contract) =>
      samplePaths(contract.path)
        .map((path) => ({ contract: `${contract.method} ${contract.path}`, path, gateway: haproxyBackend(generated, path), edge: edgeBackend(path) }))
        .filter((route) => route.gateway !== route.edge),
    );
    expect(wrong).toEqual([]);
    // Each side is served where the table says: command by the write replicas, query by the read replicas, the provider's pages by it.
    for (const contract of contracts) expect({ path: contract.path, backend: haproxyBackend(generated, samplePaths(contract.path)[0]!) }).toEqual({ path: contract.path, backend: SERVED_BY[contract.side] });
  });

  it('routes /auth/v1 to the write replicas, and the web app, unknown API paths and the health endpoint to the read replicas', () => {
    const paths = { '/auth/v1/token': 'write', '/auth/v1/.well-known/jwks.json': 'write', '/': 'read', '/generate': 'read', '/assets/index.js': 'read', '/api/health': 'read', '/api/nothing-here': 'read', '/j/': 'read', '/api/generate/extra': 'read' };
    expect(Object.fromEntries(Object.keys(paths).map((path) => [path, haproxyBackend(generated, path)]))).toEqual(paths);
  });

  it('checks each replica’s health and balances by least connections, behind the monitor URI of the container’s healthcheck', () => {
    for (const backend of ['write', 'read']) {
      const section = generated.slice(generated.search(new RegExp(`^backend ${backend}$`, 'm'))).split('\n\n')[0]!;
      expect(section).toContain('option httpchk GET /api/health');
      expect(section).toContain('http-check expect status 200');
      expect(section).toContain('balance leastconn');
      expect(section.match(/^\s*server /gm)).toHaveLength(2);
    }
    expect(generated).toMatch(/^\s*default-server check .*resolvers docker init-addr last,libc,none$/m);
    expect(generated).toMatch(/^\s*nameserver dns 127\.0\.0\.11:53$/m);
    expect(generated).toMatch(/^\s*option forwardfor$/m);
    expect(generated).toMatch(/frontend stats\n\s*bind :8405\n\s*monitor-uri \/healthz/);
  });

  it('refuses parameterised paths of different sides that match the same paths, and routes a literal path by the registry’s order', () => {
    const response = z.object({});
    const read = defineContract({ name: 'readCard', method: 'GET', path: '/api/cards/:id', side: 'query', response });
    const write = defineContract({ name: 'writeCard', method: 'POST', path: '/api/cards/:cardId', side: 'command', response });
    expect(() => gatewayRoutes([read, write])).toThrow('POST /api/cards/:cardId (command) and GET /api/cards/:id (query) match the same paths on different sides');
    // A literal path beside a parameterised one of another side goes where the registry's order sends it.
    const cardsNew = defineContract({ name: 'cardsNew', method: 'POST', path: '/api/cards/new', side: 'command', response });
    expect(haproxyBackend(haproxyConfig(gatewayRoutes([read, cardsNew])), '/api/cards/new')).toBe('read');
    expect(haproxyBackend(haproxyConfig(gatewayRoutes([cardsNew, read])), '/api/cards/new')).toBe('write');
    expect(haproxyBackend(haproxyConfig(gatewayRoutes([cardsNew, read])), '/api/cards/old')).toBe('read');
  });

  (haproxyBinary ? it : it.skip)('is accepted by haproxy -c', () => {
    const folder = mkdtempSync(join(tmpdir(), 'gateway-'));
    try {
      writeFileSync(join(folder, 'haproxy.cfg'), checkedIn);
      const result = spawnSync(haproxyBinary, ['-c', '-f', join(folder, 'haproxy.cfg')], { encoding: 'utf8' });
      expect({ status: result.status, output: result.stderr }).toEqual({ status: 0, output: expect.any(String) });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
