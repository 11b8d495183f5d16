// npm run bench -- memory: `npm start` as a newcomer runs it (a built tree, an
// empty DATA_DIR, the embedded PostgreSQL, no settings but PORT), target all
// against the split processes (START_SPLIT=true), one after the other: the time
// from the start to a healthy /api/health, and the proportional set size of
// every process it runs, PostgreSQL included, after a minute idle.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, projectRoot, removeDataDir } from '../postgres.ts';
import { pssByName } from './process-cpu.ts';
import { buildProduct, SUPERVISOR } from './product-stack.ts';

export const MEMORY_GOALS = { idleMb: 300, healthyMs: 5_000 };
const IDLE_MS = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 60) * 1000;

interface StartFigures {
  form: string;
  healthyMs: number;
  pssMb: Record<string, number>;
  totalMb: number;
}

export async function runMemoryBench(say: (line?: string) => void): Promise<StartFigures[]> {
  say(`Memory and start: npm start on an empty DATA_DIR (embedded PostgreSQL), healthy time, then PSS after ${IDLE_MS / 1000} s idle`);
  buildProduct(say);
  const figures: StartFigures[] = [];
  for (const [form, env] of [['target all', {}], ['split processes', { START_SPLIT: 'true' }]] as const) {
    figures.push(await measureStart(form, env));
    const last = figures[figures.length - 1]!;
    const parts = Object.entries(last.pssMb).map(([name, mb]) => `${name} ${mb}`).join(', ');
    say(`  ${form.padEnd(16)} healthy after ${(last.healthyMs / 1000).toFixed(2)} s; PSS ${last.totalMb} MB (${parts})`);
  }
  const [all, split] = figures as [StartFigures, StartFigures];
  say();
  say('Goals:');
  const checks = [
    { check: `idle npm start, every process with PostgreSQL, <= ${MEMORY_GOALS.idleMb} MB PSS`, value: `${all.totalMb} MB (split: ${split.totalMb} MB)`, pass: all.totalMb <= MEMORY_GOALS.idleMb },
    { check: `a built tree to a healthy /api/health <= ${MEMORY_GOALS.healthyMs / 1000} s`, value: `${(all.healthyMs / 1000).toFixed(2)} s (split: ${(split.healthyMs / 1000).toFixed(2)} s)`, pass: all.healthyMs <= MEMORY_GOALS.healthyMs },
  ];
  for (const check of checks) say(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.check}: ${check.value}`);
  return figures;
}

async function measureStart(form: string, env: Record<string, string>): Promise<StartFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jokes-bench-memory-'));
  const port = await freePort();
  // As a newcomer's shell: no database, no ports but PORT, no tracing endpoint.
  const { DATABASE_URL: _db, PG_PORT: _pg, OTEL_EXPORTER_OTLP_ENDPOINT: _otel, COMMAND_API_PORT: _c, QUERY_API_PORT: _q, PROJECTORS_PORT: _p, LOCAL_STRIPE_PORT: _l, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [SUPERVISOR], {
    cwd: projectRoot(),
    env: { ...inherited, ...env, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let healthyMs: number | undefined;
    while (healthyMs === undefined) {
      if (child.exitCode !== null || performance.now() - started > 120_000) throw new Error(`${form} did not become healthy:\n${output}`);
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((answer) => answer.ok, () => false)) healthyMs = performance.now() - started;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const sizes = pssByName(child.pid!);
    const pssMb = Object.fromEntries([...sizes].map(([name, kb]) => [name, Math.round(kb / 1024)]));
    return { form, healthyMs, pssMb, totalMb: Math.round([...sizes.values()].reduce((a, b) => a + b, 0) / 1024) };
  } finally {
    child.kill('SIGTERM');
    await exited;
    removeDataDir(dataDir);
  }
}
