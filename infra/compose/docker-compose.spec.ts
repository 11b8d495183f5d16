import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { DEFAULT_PORTS } from '@jokes/server';
import { RELAY_DEFAULTS } from '../../apps/relay/src/relay-settings.js';
import { appOf, dependencies, envNamesReadBy, gatewayBinds, gatewayRoutes, interpolate, loadCompose, root, type ComposeService } from './compose-model.js';

const compose = loadCompose();
const services = Object.entries(compose.services);
const processes = services.filter(([, service]) => appOf(service) !== undefined);
const env = (service: ComposeService, name: string) => interpolate(service.environment?.[name]);

// Where each app listens (its own port setting, else npm start's default).
const LISTEN: Record<string, [setting: string, fallback: number]> = {
  edge: ['PORT', DEFAULT_PORTS.edge],
  'command-api': ['COMMAND_API_PORT', DEFAULT_PORTS.commandApi],
  'query-api': ['QUERY_API_PORT', DEFAULT_PORTS.queryApi],
  projectors: ['PROJECTORS_PORT', DEFAULT_PORTS.projectors],
  'local-stripe': ['LOCAL_STRIPE_PORT', DEFAULT_PORTS.localStripe],
  relay: ['RELAY_PORT', RELAY_DEFAULTS.healthPort],
};
function listenPort(service: ComposeService): number {
  const listen = LISTEN[appOf(service)!];
  if (!listen) throw new Error(`no listening port known for app ${appOf(service)}: add it to LISTEN`);
  return Number(env(service, listen[0]) || listen[1]);
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

  it('gives each process only environment variables its code reads', () => {
    for (const [name, service] of processes) {
      const read = envNamesReadBy(appOf(service)!);
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
      const read = envNamesReadBy(appOf(service)!);
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
      if (read.has('KAFKA_BROKERS')) {
        const advertised = env(compose.services.kafka!, 'KAFKA_ADVERTISED_LISTENERS').split(',');
        for (const broker of env(service, 'KAFKA_BROKERS').split(',')) expect(advertised).toContain(`PLAINTEXT://${broker}`);
      }
    }
    // The relay exists only where a broker is named.
    expect(processes.filter(([, service]) => appOf(service) === 'relay').every(([, service]) => env(service, 'KAFKA_BROKERS') !== '')).toBe(true);
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

  it('runs two command APIs, two query APIs, two projector processes and a relay with its standby behind one edge', () => {
    const count = (app: string) => processes.filter(([, service]) => appOf(service) === app && !service.profiles).length;
    expect({ edge: count('edge'), command: count('command-api'), query: count('query-api'), projectors: count('projectors'), relay: count('relay') }).toEqual({
      edge: 1,
      command: 2,
      query: 2,
      projectors: 2,
      relay: 2,
    });
    // The local payment provider is for development only.
    expect(compose.services['local-stripe']!.profiles).toEqual(['dev']);
  });

  it('routes the edge’s upstreams through the gateway to exactly the processes of each kind, on the ports they listen on', () => {
    const edge = compose.services.edge!;
    const upstreams: Record<number, string> = {
      [Number(env(edge, 'COMMAND_API_PORT') || DEFAULT_PORTS.commandApi)]: 'command-api',
      [Number(env(edge, 'QUERY_API_PORT') || DEFAULT_PORTS.queryApi)]: 'query-api',
      [Number(env(edge, 'PROJECTORS_PORT') || DEFAULT_PORTS.projectors)]: 'projectors',
      [DEFAULT_PORTS.localStripe]: 'local-stripe',
    };
    const routes = gatewayRoutes();
    expect(routes.map((route) => route.port).sort()).toEqual(Object.keys(upstreams).map(Number).sort());
    for (const route of routes) {
      const app = upstreams[route.port]!;
      const expected = processes.filter(([, service]) => appOf(service) === app).map(([name, service]) => ({ service: name, port: listenPort(service) }));
      expect({ app, servers: route.servers }).toEqual({ app, servers: expected });
    }
  });

  it('shares the gateway’s network only among processes that listen on distinct ports, each checked on its own', () => {
    const ports = [...gatewayBinds()];
    for (const [name, service] of processes) {
      expect({ name, network: service.network_mode }).toEqual({ name, network: 'service:gateway' });
      const port = listenPort(service);
      ports.push(port);
      const probe = service.healthcheck?.test.join(' ') ?? '';
      expect({ name, probe: probe.match(/http:\/\/127\.0\.0\.1:(\d+)\//)?.[1] }).toEqual({ name, probe: String(port) });
    }
    expect(ports.length).toBe(new Set(ports).size);
    // The edge is the one process reached from outside: on all interfaces of the namespace, published by the gateway.
    const edge = compose.services.edge!;
    expect(env(edge, 'HOST')).toBe('0.0.0.0');
    expect(compose.services.gateway!.ports!.map((port) => interpolate(port))).toEqual([`${listenPort(edge)}:${listenPort(edge)}`]);
    for (const path of ['infra/healthcheck.mjs']) expect(existsSync(join(root, path))).toBe(true);
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
      const namespace = service.network_mode?.match(/^service:(.+)$/)?.[1];
      if (namespace) expect(dependencies(service)).toContain(namespace);
    }
  });
});
