// npm run bench -- stall: do the projections, catching up on a backlog inside
// the one process of target all, stall the requests that process serves?
// Issue 22 asks that CPU-heavy background work not stall requests, with worker
// threads "where measurement says so"; this is that measurement.
//
// For each form (target all, then the split processes, whose projectors run in
// a process of their own: what a worker thread would buy at best), on a
// database of its own: start the built product, probe `GET /api/comedians` on a
// timetable (open loop, PROBES_PER_SECOND) while idle, then append a backlog of
// JokeGenerated events straight into the event store (as a burst of writers,
// an import or a rebuild would leave it) and keep probing until the jokes read
// model holds all of it, then a while after. Each probe's answer time is
// counted in the phase it was sent in.
//
//   BENCH_STALL_EVENTS   backlog size (default 100000)
//   DATABASE_URL         use this server; otherwise an embedded one in .data/bench-stall-postgres
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PostgresEventStore } from '@jokes/event-store';
import { openBenchDatabase, type BenchDatabase } from './bench-database.ts';
import { seedEvents } from './catch-up.ts';
import { buildProduct, startProduct, type RunningProcess } from './product-stack.ts';
import { fmt, percentile, round } from './util.ts';

/** Target all during a catch-up must answer within this many times the split form's p99 (a process of their own). */
export const STALL_GOAL = { p99ToSplit: 2 };

const PROBES_PER_SECOND = 100;
const IDLE_SECONDS = 3;
const AFTER_SECONDS = 3;
const READ_MODEL = 'jokes';

type Phase = 'idle' | 'catch-up' | 'after';

interface PhaseFigures {
  probes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failed: number;
}

export interface StallLine {
  form: 'all' | 'split';
  events: number;
  /** From the first seeded append until the read model held the backlog. */
  catchUpSeconds: number;
  phases: Record<Phase, PhaseFigures>;
}

function probe(agent: Agent, baseUrl: URL): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = request({ agent, host: baseUrl.hostname, port: baseUrl.port, path: '/api/comedians' }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ ms: performance.now() - started, ok: answer.statusCode === 200 }));
      answer.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
    });
    outgoing.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
    outgoing.end();
  });
}

/** Probes on a timetable until `stop()`; each answer goes to the phase current when it was sent. */
function startProbing(baseUrl: URL, phaseNow: () => Phase) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const answers: Record<Phase, { ms: number[]; failed: number }> = { idle: { ms: [], failed: 0 }, 'catch-up': { ms: [], failed: 0 }, after: { ms: [], failed: 0 } };
  const pending = new Set<Promise<void>>();
  let stopped = false;
  const started = performance.now();
  const loop = (async () => {
    for (let index = 0; !stopped; index++) {
      const wait = started + (index * 1000) / PROBES_PER_SECOND - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const phase = phaseNow();
      const done = probe(agent, baseUrl).then(({ ms, ok }) => {
        if (ok) answers[phase].ms.push(ms);
        else answers[phase].failed += 1;
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    }
  })();
  return async (): Promise<Record<Phase, PhaseFigures>> => {
    stopped = true;
    await loop;
    await Promise.all(pending);
    agent.destroy();
    const figures = (phase: Phase): PhaseFigures => {
      const sorted = Float64Array.from(answers[phase].ms).sort();
      return {
        probes: sorted.length,
        p50Ms: round(percentile(sorted, 0.5), 2),
        p99Ms: round(percentile(sorted, 0.99), 2),
        maxMs: round(sorted.length > 0 ? sorted[sorted.length - 1]! : 0, 2),
        failed: answers[phase].failed,
      };
    };
    return { idle: figures('idle'), 'catch-up': figures('catch-up'), after: figures('after') };
  };
}

async function readModelHolds(pool: pg.Pool, head: { transactionId: bigint; globalPosition: bigint }): Promise<boolean> {
  const { rows } = await pool.query<{ tx: string; pos: string }>('SELECT last_transaction_id::text AS tx, last_position::text AS pos FROM projection_checkpoints WHERE name = $1', [READ_MODEL]);
  const row = rows[0];
  if (!row) return false;
  const tx = BigInt(row.tx);
  return tx > head.transactionId || (tx === head.transactionId && BigInt(row.pos) >= head.globalPosition);
}

async function measure(form: StallLine['form'], database: BenchDatabase, events: number): Promise<StallLine> {
  const product: RunningProcess = await startProduct(database.url, form === 'split' ? { START_SPLIT: 'true' } : {});
  const pool = new pg.Pool({ connectionString: database.url, max: 5 });
  try {
    let phase: Phase = 'idle';
    const stop = startProbing(new URL(product.baseUrl), () => phase);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    phase = 'catch-up';
    const started = performance.now();
    const store = new PostgresEventStore(pool);
    await seedEvents(store, events);
    const head = await store.head();
    while (!(await readModelHolds(pool, { transactionId: head.transactionId, globalPosition: head.globalPosition }))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const catchUpSeconds = (performance.now() - started) / 1000;
    phase = 'after';
    await new Promise((resolve) => setTimeout(resolve, AFTER_SECONDS * 1000));
    return { form, events, catchUpSeconds: round(catchUpSeconds, 2), phases: await stop() };
  } finally {
    await pool.end();
    await product.stop();
  }
}

export async function runStallBench(say: (line?: string) => void): Promise<{ lines: StallLine[]; p99ToSplit: number; goal: typeof STALL_GOAL }> {
  const events = Number(process.env.BENCH_STALL_EVENTS ?? 100_000);
  if (!(events > 0)) throw new Error('BENCH_STALL_EVENTS must be a positive number');
  say('Stalls: GET /api/comedians answer times while the projections catch up on a backlog, target all against the split processes');
  buildProduct(say);
  const lines: StallLine[] = [];
  for (const form of ['all', 'split'] as const) {
    const database = await openBenchDatabase('stall', say);
    try {
      const line = await measure(form, database, events);
      lines.push(line);
      say(`  ${form.padEnd(5)} backlog of ${fmt(events)} events held by the read model after ${line.catchUpSeconds.toFixed(2)} s`);
      for (const phase of ['idle', 'catch-up', 'after'] as const) {
        const figures = line.phases[phase];
        say(
          `        ${phase.padEnd(9)} ${String(figures.probes).padStart(5)} probes  p50 ${figures.p50Ms.toFixed(1).padStart(6)} ms  p99 ${figures.p99Ms.toFixed(1).padStart(6)} ms  max ${figures.maxMs.toFixed(1).padStart(6)} ms` +
            (figures.failed ? `  FAILED ${figures.failed}` : ''),
        );
      }
    } finally {
      await database.close();
    }
  }
  const [all, split] = lines as [StallLine, StallLine];
  const p99ToSplit = round(all.phases['catch-up'].p99Ms / split.phases['catch-up'].p99Ms, 2);
  say(
    `  during catch-up, target all's p99 is ${p99ToSplit.toFixed(2)} x the split form's (goal <= ${STALL_GOAL.p99ToSplit}: ` +
      `${p99ToSplit <= STALL_GOAL.p99ToSplit ? 'met' : 'NOT met: the projections hold the requests up'})`,
  );
  return { lines, p99ToSplit, goal: STALL_GOAL };
}
