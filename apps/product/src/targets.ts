import type { Server } from 'node:http';
// The one place that imports apps (Nx refuses app imports by default): a target composes them.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CommandHealth, createCommandApp } from '@jokes/command-api/app';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createEdge, securitySettingsFromEnv, type HealthSource, type InProcessSide, type Upstream } from '@jokes/edge/front';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { ProjectorThread } from '@jokes/projectors/thread';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createQueryApp, QueryHealth } from '@jokes/query-api/app';
import { localAddressOf, localStripeUrl, usesLocalPaymentProvider, type Target } from '@jokes/server/core';
import type { Side } from '@jokes/contracts';

export interface TargetSettings {
  env: NodeJS.ProcessEnv;
  port: number;
  host: string;
  /** The web app's build, served by `all` and `read`. */
  webRoot: string;
}

export interface ComposedTarget {
  /** The one HTTP server of the process (not yet listening). */
  server: Server;
  /** What runs in this process, for its first log line. */
  parts: string[];
  /** Stops taking requests, then every part (projections and the relay finish their batch; pools end). */
  stop(): Promise<void>;
}

/**
 * Which parts each target runs (README "Targets"). Where the process also serves
 * requests (`all`), the projections run in a thread of their own, so a catch-up
 * does not hold the requests up (ProjectorThread); `backend` serves none.
 */
const PARTS: Record<Target, { command?: 'serve' | 'jobs'; query?: true; web?: true; backend?: 'thread' | 'inline' }> = {
  all: { command: 'serve', query: true, web: true, backend: 'thread' },
  write: { command: 'serve' },
  read: { query: true, web: true },
  // The command side's application without its routes: the mail outbox's sweep and the privacy job.
  backend: { command: 'jobs', backend: 'inline' },
};

/**
 * Composes one target from the apps (each stays the unit of code it is): the
 * edge's front on the one port, the command and query sides' Nest applications
 * handed its requests in this process (no HTTP hop between them), and the
 * projectors, the relay and the jobs beside them.
 */
export async function composeTarget(target: Target, settings: TargetSettings): Promise<ComposedTarget> {
  const { env } = settings;
  const parts = PARTS[target];
  const jwks = (parts.query || parts.command === 'serve') && !env.AUTH_JWKS_URL ? jwksUrl(target, settings) : undefined;
  if (jwks) env.AUTH_JWKS_URL = jwks;
  const [command, query] = await Promise.all([parts.command ? createCommandApp() : undefined, parts.query ? createQueryApp(env) : undefined]);
  await Promise.all([command?.init(), query?.init()]);
  const projectors = parts.backend === 'thread' ? new ProjectorThread(env) : parts.backend ? await (await projectorsProcess()).createProjectorHost(env, undefined) : undefined;
  // The first start builds the read models; the process answers (503 starting) meanwhile.
  const projecting = projectors?.start();
  // The relay (and its Kafka client) only where a cluster is named.
  const relay = parts.backend && env.KAFKA_BROKERS?.trim() ? await (await relayProcess()).startRelay(env, { serveHealth: false }) : undefined;

  const upstreams: Partial<Record<Side, Upstream>> = {};
  const health: Record<string, HealthSource> = {};
  if (command) {
    if (parts.command === 'serve') upstreams.command = inProcess(command);
    const commandHealth = command.get(CommandHealth);
    health[parts.command === 'serve' ? 'command-api' : 'jobs'] = () => commandHealth.check();
  }
  if (query) {
    upstreams.query = inProcess(query);
    const queryHealth = query.get(QueryHealth);
    health['query-api'] = () => queryHealth.check();
  }
  if (projectors) health.projectors = () => projectors.health();
  // The local payment provider is an outside system (as Stripe is), reached over HTTP where npm start runs it; its
  // health is not the product's (npm start starts it on the first call that needs it, which a probe would be).
  if (target === 'all' && usesLocalPaymentProvider(env)) upstreams['local-provider'] = localStripeUrl(env);

  const server = createEdge({
    upstreams,
    health,
    ...(parts.web ? { webRoot: settings.webRoot } : {}),
    security: securitySettingsFromEnv(env),
    webSourceMaps: env.WEB_SOURCE_MAPS === 'true',
  });
  return {
    server,
    parts: [...(command ? [parts.command === 'serve' ? 'command' : 'jobs'] : []), ...(query ? ['query', 'web'] : []), ...(projectors ? ['projectors'] : []), ...(relay ? ['relay'] : [])],
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await projecting?.catch(() => undefined);
      await Promise.all([projectors?.stop(), relay?.stop()]);
      await Promise.all([command?.close(), query?.close()]);
    },
  };
}

// eslint-disable-next-line @nx/enforce-module-boundaries
const relayProcess = () => import('@jokes/relay/process');
// Loaded only where the projections run on the process's own thread: the thread loads them itself.
// eslint-disable-next-line @nx/enforce-module-boundaries
const projectorsProcess = () => import('@jokes/projectors/process');

/** A Nest application's Express instance is a Node request handler: the edge hands it requests as they are. */
function inProcess(app: { getHttpAdapter(): { getInstance(): unknown } }): InProcessSide {
  return { handle: app.getHttpAdapter().getInstance() as InProcessSide['handle'] };
}

/**
 * Where the APIs find the keys that sign access tokens: this process in `all`
 * and `write` (the command side publishes them); for `read`, AUTH_JWKS_URL (or
 * SUPABASE_URL) must say where the write side does, as a replica has no
 * command side beside it.
 */
function jwksUrl(target: Target, { env, port, host }: TargetSettings): string | undefined {
  if (env.SUPABASE_URL?.trim()) return undefined;
  if (target === 'read') throw new Error('TARGET=read needs AUTH_JWKS_URL: where the write target publishes the signing keys (…/auth/v1/.well-known/jwks.json)');
  return `http://${localAddressOf(host)}:${port}/auth/v1/.well-known/jwks.json`;
}
