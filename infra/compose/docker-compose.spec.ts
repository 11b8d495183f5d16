import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { sideOfPath } from '@jokes/contracts';
import { DEFAULT_PORTS, TARGETS } from '@jokes/server';
import {
  appOf,
  dependencies,
  envNamesReadByService,
  gatewayBackends,
  gatewayBinds,
  interpolate,
  loadCompose,
  root,
  targetOf,
  type ComposeService,
} from './compose-model.js';

const compose = loadCompose();
const services = Object.entries(compose.services);
const processes = services.filter(([, service]) => appOf(service) !== undefined);
const env = (service: ComposeService, name: string) => interpolate(service.environment?.[name]);
const replicasOf = (target: string) => processes.filter(([, service]) => targetOf(service) === target);

// Where each app listens (its own port setting, else its default).
const LISTEN: Record<string, [setting: string, fallback: number]> = {
  product: ['PORT', DEFAULT_PORTS.edge],
  'local-stripe': ['LOCAL_STRIPE_PORT', DEFAULT_PORTS.localStripe],
};
function listenPort(service: ComposeService): number {
  const listen = LISTEN[appOf(service)!];
  if (!listen) throw new Error(`no listening port known for app ${appOf(service)}: add it to LISTEN`);
  return Number(env(service, listen[0]) || listen[1]);
}

/** The ports a service of the product answers on: a process's own, or the gateway's binds (the stores and the collector are checked apart). */
function portsOf(name: string, service: ComposeService): number[] | undefined {
  if (name === 'gateway') return gatewayBinds();
  return appOf(service) ? [listenPort(service)] : undefined;
}

/** The host and port a URL setting points at, and the compose service of that host. */
function target(url: string): { service: ComposeService | undefined; host: string; port: number; url: URL } {
  const parsed = new URL(url);
  return { service: compose.services[parsed.hostname], host: parsed.hostname, port: Number(parsed.port), url: parsed };
}

// Variables read by Node itself or by the OpenTelemetry SDK, not by the product's code.
const STANDARD = (name: string) => name === 'NODE_ENV' || name === 'NODE_OPTIONS' || name.startsWith('OTEL_');

const composePlugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
const pluginMissing = composePlugin.status !== 0;
if (pluginMissing) {
  process.stdout.write('[compose spec] the docker compose plugin is not installed here: `docker compose config` is not run; the file is checked structurally\n');
}

describe('docker-compose.yml', () => {
  (pluginMissing ? it.skip : it)('is accepted by docker compose config, with and without the dev profile', () => {
    for (const profile of [[], ['--profile', 'dev']]) {
      const result = spawnSync('docker', ['compose', '-f', 'docker-compose.yml', ...profile, 'config', '--quiet'], { cwd: root, encoding: 'utf8' });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    }
  });

  it('gives every service an image or a build from a Dockerfile that exists, mounting files that exist and volumes it declares', () => {
    for (const [name, service] of services) {
      expect({ name, runnable: Boolean(service.image || service.build) }).toEqual({ name, runnable: true });
      if (service.build) expect(existsSync(join(root, service.build.context, service.build.dockerfile ?? 'Dockerfile'))).toBe(true);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.')) expect({ name, source, exists: existsSync(join(root, source)) }).toEqual({ name, source, exists: true });
        else expect({ name, source, declared: source in (compose.volumes ?? {}) }).toEqual({ name, source, declared: true });
      }
    }
  });

  it('starts each product process from an app of this workspace, whose build writes the entry point it runs', () => {
    expect(processes.length).toBeGreaterThan(0);
    for (const [, service] of processes) {
      const app = appOf(service)!;
      const tsconfig = JSON.parse(readFileSync(join(root, 'apps', app, 'tsconfig.app.json'), 'utf8')) as { compilerOptions: { rootDir: string; outDir: string } };
      expect({ app, main: existsSync(join(root, 'apps', app, 'src/main.ts')), rootDir: tsconfig.compilerOptions.rootDir, outDir: tsconfig.compilerOptions.outDir }).toEqual({
        app,
        main: true,
        rootDir: 'src',
        outDir: 'dist',
      });
    }
  });

  it('gives each process only environment variables its code reads (a target: those of the apps it composes)', () => {
    for (const [name, service] of processes) {
      const read = envNamesReadByService(service);
      const unread = Object.keys(service.environment ?? {}).filter((variable) => !STANDARD(variable) && !read.has(variable));
      expect({ name, unread }).toEqual({ name, unread: [] });
    }
  });

  it('passes every setting a production start requires through to every process', () => {
    // The names libs/server's production check reads: NODE_ENV=production (the default here) refuses to start without them.
    const readiness = readFileSync(join(root, 'libs/server/src/production-readiness.ts'), 'utf8');
    const required = [...new Set([...readiness.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!))].filter((name) => name !== 'NODE_ENV');
    expect(required.length).toBeGreaterThan(0);
    for (const [name, service] of processes) {
      const missing = required.filter((variable) => !(variable in (service.environment ?? {})));
      expect({ name, missing }).toEqual({ name, missing: [] });
    }
  });

  it('points every process at PostgreSQL, KurrentDB, Kafka and the trace collector of this file', () => {
    const postgres = compose.services.postgres!;
    for (const [name, service] of processes) {
      const read = envNamesReadByService(service);
      expect({ name, traced: target(env(service, 'OTEL_EXPORTER_OTLP_ENDPOINT')).host }).toEqual({ name, traced: 'otel-collector' });
      if (read.has('DATABASE_URL')) {
        const database = target(env(service, 'DATABASE_URL'));
        expect({ name, host: database.host, port: database.port, database: database.url.pathname, password: database.url.password }).toEqual({
          name,
          host: 'postgres',
          port: 5432,
          database: `/${env(postgres, 'POSTGRES_DB')}`,
          password: env(postgres, 'POSTGRES_PASSWORD'),
        });
      }
      if (read.has('EVENTSTORE_URL')) {
        const events = target(env(service, 'EVENTSTORE_URL'));
        expect({ name, scheme: events.url.protocol, host: events.host, port: events.port }).toEqual({ name, scheme: 'kurrentdb:', host: 'kurrentdb', port: 2113 });
      }
      // Optional: the relay runs only where brokers are named.
      if (env(service, 'KAFKA_BROKERS')) {
        const advertised = env(compose.services.kafka!, 'KAFKA_ADVERTISED_LISTENERS').split(',');
        for (const broker of env(service, 'KAFKA_BROKERS').split(',')) expect(advertised).toContain(`PLAINTEXT://${broker}`);
      }
    }
    // The relay runs in the backends, and only where a broker is named.
    expect(replicasOf('backend').every(([, service]) => env(service, 'KAFKA_BROKERS') !== '')).toBe(true);
  });

  it('sends the spans through the collector to the trace viewer', () => {
    const collector = parse(readFileSync(join(root, 'infra/otel/collector.yaml'), 'utf8')) as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } };
      exporters: Record<string, { endpoint: string }>;
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    };
    const mounted = compose.services['otel-collector']!.volumes!.map((volume) => volume.split(':')[0]);
    expect(mounted).toContain('./infra/otel/collector.yaml');
    expect(collector.receivers.otlp.protocols.http.endpoint).toBe(`0.0.0.0:${target(env(processes[0]![1], 'OTEL_EXPORTER_OTLP_ENDPOINT')).port}`);
    const exporters = collector.service.pipelines.traces.exporters.map((exporter) => collector.exporters[exporter]!.endpoint);
    expect(exporters).toEqual(['jaeger:4317']);
    expect(compose.services.jaeger!.command!.join(' ')).toContain('receivers.otlp.protocols.grpc.endpoint=0.0.0.0:4317');
  });

  it('runs the product as targets: two write replicas, two read replicas and two backends (an owner and its hot standby)', () => {
    for (const [name, service] of processes.filter(([, service]) => appOf(service) === 'product')) {
      expect({ name, target: (TARGETS as readonly string[]).includes(env(service, 'TARGET')) }).toEqual({ name, target: true });
    }
    const count = (target: string) => replicasOf(target).filter(([, service]) => !service.profiles).length;
    expect({ all: count('all'), write: count('write'), read: count('read'), backend: count('backend') }).toEqual({ all: 0, write: 2, read: 2, backend: 2 });
    // The local payment provider is for development only.
    expect(compose.services['local-stripe']!.profiles).toEqual(['dev']);
  });

  it('balances the gateway’s write and read backends over exactly the replicas of that target, and local_stripe over the provider, on the ports they listen on', () => {
    const expected: Record<string, [string, ComposeService][]> = {
      write: replicasOf('write'),
      read: replicasOf('read'),
      local_stripe: processes.filter(([, service]) => appOf(service) === 'local-stripe'),
    };
    const backends = gatewayBackends();
    expect(backends.map((backend) => backend.name).sort()).toEqual(Object.keys(expected).sort());
    for (const backend of backends) {
      const servers = expected[backend.name]!.map(([name, service]) => ({ service: name, port: listenPort(service) }));
      expect({ backend: backend.name, servers: backend.servers }).toEqual({ backend: backend.name, servers });
    }
    // It runs the generated file (tools/gateway/haproxy-config.spec.ts holds it equal to the contracts' table).
    expect(compose.services.gateway!.volumes).toContain('./infra/gateway/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    // The gateway is the one way in: it publishes its product frontend, the replicas publish nothing.
    expect(compose.services.gateway!.ports!.map((port) => interpolate(port))).toEqual(['3000:3000']);
    expect(gatewayBinds()).toContain(3000);
    for (const [name, service] of processes) expect({ name, ports: service.ports }).toEqual({ name, ports: undefined });
  });

  it('gives each process its own address, listening on every interface of its container, its healthcheck asking its own port', () => {
    for (const [name, service] of processes) {
      expect({ name, network: service.network_mode, host: env(service, 'HOST') }).toEqual({ name, network: undefined, host: '0.0.0.0' });
      const probe = service.healthcheck?.test.join(' ') ?? '';
      const path = appOf(service) === 'product' ? '/api/health' : '/health';
      expect({ name, probe: probe.match(/http:\/\/127\.0\.0\.1:(\d+)(\/\S*)/)?.slice(1) }).toEqual({ name, probe: [String(listenPort(service)), path] });
      // A backend standing by (or building its read models) answers 503 and is healthy while it reaches the database.
      expect({ name, standbyHealthy: probe.endsWith('--database-ok') }).toEqual({ name, standbyHealthy: targetOf(service) === 'backend' });
    }
    expect(existsSync(join(root, 'infra/healthcheck.mjs'))).toBe(true);
  });

  it('points every URL setting for the product’s own services at a port they answer on (the gateway, a process, or the process itself on loopback)', () => {
    let checked = 0;
    for (const [name, service] of processes) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (!/^https?:\/\//.test(interpolate(value)) || variable === 'PUBLIC_URL') continue;
        const url = new URL(interpolate(value));
        const port = Number(url.port || 80);
        const named = compose.services[url.hostname];
        const ports = url.hostname === '127.0.0.1' ? portsOf(name, service) : named ? portsOf(url.hostname, named) : [];
        if (!ports) continue;
        expect({ name, variable, host: url.hostname, answers: ports.includes(port) }).toEqual({ name, variable, host: url.hostname, answers: true });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('has the write replicas verify tokens with their own keys, the read replicas fetch them through the gateway, and the provider’s webhooks go through it to the write side', () => {
    const webhook = new URL(env(compose.services['local-stripe']!, 'LOCAL_STRIPE_WEBHOOK_URL'));
    expect({ host: webhook.hostname, side: sideOfPath(webhook.pathname) }).toEqual({ host: 'gateway', side: 'command' });
    // Unset, the command side would look for its keys on COMMAND_API_PORT, where no target listens.
    const keysAt = { write: '127.0.0.1', read: 'gateway' };
    for (const [target, host] of Object.entries(keysAt)) {
      for (const [name, service] of replicasOf(target)) {
        const jwks = env(service, 'AUTH_JWKS_URL');
        expect({ name, host: jwks && new URL(jwks).hostname, path: jwks && new URL(jwks).pathname }).toEqual({ name, host, path: '/auth/v1/.well-known/jwks.json' });
      }
    }
    for (const [name, service] of replicasOf('write')) expect({ name, provider: new URL(env(service, 'LOCAL_STRIPE_URL')).hostname }).toEqual({ name, provider: 'local-stripe' });
  });

  it('trusts X-Forwarded-For in the replicas from the gateway alone: its fixed address, outside the range Docker hands out', () => {
    const address = (compose.services.gateway!.networks as Record<string, { ipv4_address?: string }>).default!.ipv4_address!;
    const { subnet, ip_range: range } = compose.networks!.default!.ipam!.config![0]!;
    expect({ inSubnet: inCidr(address, subnet!), inDockersRange: inCidr(address, range!) }).toEqual({ inSubnet: true, inDockersRange: false });
    for (const [name, service] of [...replicasOf('write'), ...replicasOf('read')]) expect({ name, trusted: env(service, 'TRUSTED_PROXIES') }).toEqual({ name, trusted: address });
  });

  it('shares the command side’s files among the write replicas and the backends, and the card cache among the read replicas', () => {
    const volumeAt = (service: ComposeService) => (service.volumes ?? []).find((volume) => volume.split(':')[1] === env(service, 'DATA_DIR'))?.split(':')[0];
    const volumes = Object.fromEntries(processes.filter(([, service]) => targetOf(service)).map(([name, service]) => [name, volumeAt(service)]));
    expect(volumes).toEqual({ 'write-1': 'appdata', 'write-2': 'appdata', 'read-1': 'cards', 'read-2': 'cards', 'backend-1': 'appdata', 'backend-2': 'appdata' });
  });

  it('publishes the stores and the trace viewer to the host’s loopback only', () => {
    for (const [name, service] of services) {
      if (name === 'gateway') continue;
      for (const port of service.ports ?? []) expect({ name, port: interpolate(port).startsWith('127.0.0.1:') }).toEqual({ name, port: true });
    }
  });

  it('starts a service only after services of this file, waiting for health only where a healthcheck answers it', () => {
    for (const [name, service] of services) {
      for (const dependency of dependencies(service)) {
        const needed = compose.services[dependency];
        expect({ name, dependency, defined: needed !== undefined }).toEqual({ name, dependency, defined: true });
        // A service that always runs cannot wait for one that runs only in a profile.
        if (!service.profiles) expect({ name, dependency, profiles: needed!.profiles }).toEqual({ name, dependency, profiles: undefined });
        const condition = Array.isArray(service.depends_on) ? 'service_started' : service.depends_on![dependency]!.condition;
        if (condition === 'service_healthy') expect({ name, dependency, healthcheck: Boolean(needed!.healthcheck) }).toEqual({ name, dependency, healthcheck: true });
      }
    }
  });
});

/** Whether an IPv4 address lies in a CIDR block. */
function inCidr(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const value = (ip: string) => ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
  const size = 2 ** (32 - Number(bits));
  return Math.floor(value(address) / size) === Math.floor(value(base!) / size);
}
