// npm start: one PostgreSQL (embedded unless DATABASE_URL), the product as one
// process (target `all`: apps/product) and, without STRIPE_SECRET_KEY, the
// local payment provider, supervised together. START_SPLIT=true runs the split
// form instead: the edge, the command API, the query API and the projectors as
// processes of their own. Ctrl-C stops them all and then the database; nothing
// is left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// The light entry points: the supervisor loads no Nest and no event store (it stays small while it waits).
import { DEFAULT_EMBEDDED_PG_PORT, embeddedPortFile } from '@jokes/event-store/running-database';
import { exitUnlessProductionReady, localAddressOf, telemetryRegisterUrl, usesLocalPaymentProvider } from '@jokes/server/launch';
import { embeddedDataDir, freePort, preferredOrFreePort, projectRoot, resolvePostgres, type RunningPostgres } from './postgres.ts';
import pg from 'pg';
import { NO_CRASHES, nextRestart, type RestartHistory } from './supervisor/backoff.ts';
import { onDemandPort, type OnDemand } from './supervisor/on-demand.ts';

const root = projectRoot();
const env = process.env;
const dataDir = resolve(root, env.DATA_DIR ?? '.data');
const port = Number(env.PORT ?? 3000);
// Loopback unless HOST opens the edge up; the processes behind it always listen on 127.0.0.1.
const host = env.HOST || '127.0.0.1';
const split = env.START_SPLIT === 'true';
// Probe where the product listens: a wildcard address is reached through loopback.
const probeHost = localAddressOf(host);
// Free ports unless set, chosen once per run (a restarted process keeps its own), so a second
// checkout's npm start on another PORT never collides with this one's processes.
const ports = {
  ...(split
    ? {
        COMMAND_API_PORT: env.COMMAND_API_PORT ?? String(await freePort()),
        QUERY_API_PORT: env.QUERY_API_PORT ?? String(await freePort()),
        PROJECTORS_PORT: env.PROJECTORS_PORT ?? String(await freePort()),
      }
    : {
        // The local payment provider's webhooks go to the one process, as Stripe's go to the public URL,
        LOCAL_STRIPE_WEBHOOK_URL: env.LOCAL_STRIPE_WEBHOOK_URL ?? `http://${probeHost}:${port}/api/stripe/webhook`,
        // and it checks the product's access tokens against the keys the one process publishes.
        ...(env.SUPABASE_URL?.trim() ? {} : { AUTH_JWKS_URL: env.AUTH_JWKS_URL ?? `http://${probeHost}:${port}/auth/v1/.well-known/jwks.json` }),
      }),
  LOCAL_STRIPE_PORT: env.LOCAL_STRIPE_PORT ?? String(await freePort()),
};
// The local payment provider signs its webhooks and the command API verifies
// them, like a Stripe account and its endpoint: one secret for both, fresh per run.
const localProvider = usesLocalPaymentProvider(env);
const webhookSecret = env.STRIPE_WEBHOOK_SECRET || (localProvider ? `whsec_local_${randomBytes(24).toString('hex')}` : undefined);

const say = (message: string) => process.stdout.write(`[start] ${message}\n`);

// Before anything starts: production never runs on development defaults.
exitUnlessProductionReady(env, 'start');

say(env.DATABASE_URL ? 'using DATABASE_URL' : `starting embedded PostgreSQL in ${embeddedDataDir(dataDir)}`);
// PostgreSQL's own lines that matter here; the rest (checkpoints, clients
// refused while it recovers) would drown the product's logs.
// Each client's "terminating connection" or "starting up" after a crash is
// implied by the supervisor's own line about the exit.
const SERVER_LINES = /\b(PANIC|FATAL):(?!.*(the database system is|terminating connection due to))/;
let postgres: RunningPostgres;
const startPostgres = (port: number) =>
  resolvePostgres({
    url: env.DATABASE_URL,
    dataDir: embeddedDataDir(dataDir),
    port,
    database: 'jokes',
    log: (line) => SERVER_LINES.test(line) && say(`postgres: ${line}`),
    notice: (line) => say(line),
    // Ctrl-C reaches this supervisor, not the server: it stops after the product, so no connection of it dies first.
    ownProcessGroup: true,
  });
try {
  if (env.PG_PORT) postgres = await startPostgres(Number(env.PG_PORT));
  else {
    const port = await preferredOrFreePort(DEFAULT_EMBEDDED_PG_PORT);
    // Another npm start may take the default port between the look and the bind: then any free one.
    postgres = await startPostgres(port).catch(async (error: unknown) => {
      if (env.DATABASE_URL || port !== DEFAULT_EMBEDDED_PG_PORT) throw error;
      say(`PostgreSQL could not take port ${port} (${error instanceof Error ? error.message : String(error)}): trying a free port`);
      return startPostgres(await freePort());
    });
  }
} catch (error) {
  say(`PostgreSQL could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// The command-line tools (grant-role, report, erase-due, ...) find this run's server here (runningDatabaseUrl).
if (!env.DATABASE_URL) writeFileSync(embeddedPortFile(dataDir), `${new URL(postgres.url).port}\n`);
if (postgres.pid) say(`PostgreSQL is supervised (pid ${postgres.pid()}); its data is in ${postgres.dataDir}`);

interface Service {
  name: string;
  script: string;
  /** Settings of this process alone, over the shared ones. */
  env?: Record<string, string>;
  child?: ChildProcess;
  history: RestartHistory;
  startedAt: number;
}

// An outside system to the product (DESIGN.md decision 14), here only because nothing else plays Stripe offline;
// always on loopback, whatever HOST opens the product to. Beside target all it starts on the first call that
// needs it (on-demand.ts), on a port of its own behind LOCAL_STRIPE_PORT: most runs never pay, and it is 90 MB.
const providerOnDemand = localProvider && !split;
const providerPort = providerOnDemand ? String(await freePort()) : ports.LOCAL_STRIPE_PORT;
const provider: Service | undefined = localProvider
  ? { name: 'local-stripe', script: 'apps/local-stripe/dist/main.js', env: { HOST: '127.0.0.1', LOCAL_STRIPE_PORT: providerPort }, history: NO_CRASHES, startedAt: 0 }
  : undefined;
const services: Service[] = [
  ...(provider && !providerOnDemand ? [provider] : []),
  ...(split
    ? [
        { name: 'command-api', script: 'apps/command-api/dist/main.js', history: NO_CRASHES, startedAt: 0 },
        { name: 'projectors', script: 'apps/projectors/dist/main.js', history: NO_CRASHES, startedAt: 0 },
        { name: 'query-api', script: 'apps/query-api/dist/main.js', history: NO_CRASHES, startedAt: 0 },
        { name: 'edge', script: 'apps/edge/dist/main.js', history: NO_CRASHES, startedAt: 0 },
        // The Kafka relay only where a cluster is named: without a broker it has nowhere to publish.
        ...(env.KAFKA_BROKERS?.trim() ? [{ name: 'relay', script: 'apps/relay/dist/main.js', history: NO_CRASHES, startedAt: 0 }] : []),
      ]
    : // Target all (the relay inside it where KAFKA_BROKERS names a cluster).
      [{ name: 'product', script: 'apps/product/dist/main.js', history: NO_CRASHES, startedAt: 0 }]),
];
let stopping = false;

// A young generation of at most 8 MB per semi-space (V8's default here grows far larger): target all idles at
// ~160 MB instead of ~260 MB (proportional set size, a minute after its start), for no measurable loss of throughput.
// No --enable-source-maps: the maps of every loaded module cost the product ~17 MB; stack traces name the emitted
// JavaScript (tsc's, close to the source), and NODE_OPTIONS=--enable-source-maps maps them back when wanted.
const NODE_FLAGS = ['--max-semi-space-size=8'];
// glibc gives each thread that allocates an arena of its own (the product has its projections' thread, V8's and
// libuv's); memory freed in one stays with it. Two arenas: target all idles ~14 MB lower (proportional set size),
// and generate's throughput in swapped A/B pairs was the same within the machine's noise (-2.7% and +0.8%).
const MALLOC_ARENAS = env.MALLOC_ARENA_MAX ?? '2';

function launch(service: Service): void {
  service.startedAt = Date.now();
  // Tracing must load before the app's modules (ES modules bind http and pg at load time); without
  // OTEL_EXPORTER_OTLP_ENDPOINT the preload does nothing (libs/server/src/telemetry/register.ts).
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', telemetryRegisterUrl, join(root, service.script)], {
    cwd: root,
    env: {
      ...env,
      MALLOC_ARENA_MAX: MALLOC_ARENAS,
      ...ports,
      PORT: String(port),
      HOST: host,
      PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      // The product names itself after its target; the split processes after their app.
      ...(service.name === 'product' ? {} : { SERVICE_NAME: service.name }),
      ...(webhookSecret ? { STRIPE_WEBHOOK_SECRET: webhookSecret } : {}),
      ...service.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  service.child = child;
  say(`${service.name} started (pid ${child.pid})`);
  child.on('exit', (code, signal) => {
    service.child = undefined;
    if (stopping) return;
    // A crash loop backs off; a process that ran a healthy while restarts at once (supervisor/backoff.ts).
    const next = nextRestart(service.history, Date.now() - service.startedAt);
    service.history = next.history;
    say(`${service.name} exited (${signal ?? code}); restarting in ${next.delayMs} ms`);
    // Not unref'd: a pending restart is what keeps the supervisor alive when every process is down.
    setTimeout(() => !stopping && launch(service), next.delayMs);
  });
}

for (const service of services) launch(service);
let onDemand: OnDemand | undefined;
if (provider && providerOnDemand) {
  onDemand = await onDemandPort('127.0.0.1', Number(ports.LOCAL_STRIPE_PORT), Number(providerPort), () => {
    services.push(provider);
    launch(provider);
  });
  // A provider that holds subscriptions runs their billing clock from the start, called or not.
  if (await providerHasState()) void onDemand.startNow();
}

async function providerHasState(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgres.url });
  try {
    await client.connect();
    const { rows } = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM local_stripe.objects) AS any');
    return rows[0]!.any;
  } catch {
    return false; // no table yet: never used
  } finally {
    await client.end().catch(() => undefined);
  }
}

const baseUrl = `http://localhost:${port}`;
void (async () => {
  for (let attempt = 0; attempt < 600 && !stopping; attempt++) {
    const ready = await fetch(`http://${probeHost}:${port}/api/health`).then((r) => r.ok, () => false);
    if (ready) return say(`ready at ${baseUrl}`);
    await new Promise((r) => setTimeout(r, 250));
  }
})();

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping`);
  onDemand?.server.close();
  const exits = services.map(
    (service) =>
      new Promise<void>((done) => {
        const child = service.child;
        if (!child || child.exitCode !== null) return done();
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(killer);
          done();
        });
        child.kill('SIGTERM');
      }),
  );
  await Promise.all(exits);
  await postgres.stop().catch((error: unknown) => say(`database stop failed: ${String(error)}`));
  say('stopped');
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
