// npm start: one PostgreSQL (embedded unless DATABASE_URL), the command API,
// the query API, the projectors and the edge, supervised together. Ctrl-C
// stops them all and then the database; nothing is left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { projectRoot, resolvePostgres } from './postgres.ts';

const root = projectRoot();
const env = process.env;
const dataDir = resolve(root, env.DATA_DIR ?? '.data');
const port = Number(env.PORT ?? 3000);
const ports = {
  COMMAND_API_PORT: env.COMMAND_API_PORT ?? '3101',
  QUERY_API_PORT: env.QUERY_API_PORT ?? '3102',
  PROJECTORS_PORT: env.PROJECTORS_PORT ?? '3103',
};

const say = (message: string) => process.stdout.write(`[start] ${message}\n`);

say(env.DATABASE_URL ? 'using DATABASE_URL' : `starting embedded PostgreSQL in ${join(dataDir, 'postgres')}`);
const postgres = await resolvePostgres({
  url: env.DATABASE_URL,
  dataDir: join(dataDir, 'postgres'),
  port: env.PG_PORT ? Number(env.PG_PORT) : 54329,
  database: 'jokes',
});

interface Service {
  name: string;
  script: string;
  child?: ChildProcess;
  restarts: number;
  startedAt: number;
}

const services: Service[] = [
  { name: 'command-api', script: 'apps/command-api/dist/main.js', restarts: 0, startedAt: 0 },
  { name: 'projectors', script: 'apps/projectors/dist/main.js', restarts: 0, startedAt: 0 },
  { name: 'query-api', script: 'apps/query-api/dist/main.js', restarts: 0, startedAt: 0 },
  { name: 'edge', script: 'apps/edge/dist/main.js', restarts: 0, startedAt: 0 },
];
let stopping = false;

function launch(service: Service): void {
  service.startedAt = Date.now();
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, service.script)], {
    cwd: root,
    env: {
      ...env,
      ...ports,
      PORT: String(port),
      PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      SERVICE_NAME: service.name,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  service.child = child;
  child.on('exit', (code, signal) => {
    service.child = undefined;
    if (stopping) return;
    // A crash loop backs off; a process that ran a while restarts at once.
    if (Date.now() - service.startedAt > 30_000) service.restarts = 0;
    const delay = Math.min(30_000, 500 * 2 ** service.restarts++);
    say(`${service.name} exited (${signal ?? code}); restarting in ${delay} ms`);
    setTimeout(() => !stopping && launch(service), delay).unref();
  });
}

for (const service of services) launch(service);

const baseUrl = `http://localhost:${port}`;
void (async () => {
  for (let attempt = 0; attempt < 600 && !stopping; attempt++) {
    const ready = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ready) return say(`ready at ${baseUrl}`);
    await new Promise((r) => setTimeout(r, 250));
  }
})();

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping`);
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
