// Projector catch-up: seed JokeGenerated events, then time the projections
// rebuilding from position zero, with a breakdown of where the time goes.
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  PostgresEventStore,
  Projector,
  compareCursors,
  quoteIdent,
  rebuildProjection,
  type Cursor,
  type EventData,
  type Projection,
  type StoredEvent,
} from '@jokes/event-store';
import { fmt, quietPool, round } from './util.ts';
import { mulberry32 } from '@jokes/domain';
import { jokeGenerated, jokeMetadata } from './fixtures.ts';
import type { LoadedProjections } from './projections.ts';
import { profileReadAll, type ReadAllFigures } from './read-all.ts';
import { cpuByName, cpuDelta, ownCpuUs } from './process-cpu.ts';

const DAY_MS = 86_400_000;

/** A store that adds up the time spent in readAll and readAllData (query + row parsing). */
class TimedStore extends PostgresEventStore {
  readMs = 0;
  override async readAll(after: Cursor, limit?: number, client?: pg.Pool | pg.PoolClient): Promise<StoredEvent[]> {
    const started = performance.now();
    try {
      return await super.readAll(after, limit, client);
    } finally {
      this.readMs += performance.now() - started;
    }
  }
  override async readAllData(after: Cursor, limit?: number, options?: Parameters<PostgresEventStore['readAllData']>[2]): Promise<EventData[]> {
    const started = performance.now();
    try {
      return await super.readAllData(after, limit, options);
    } finally {
      this.readMs += performance.now() - started;
    }
  }
}

interface ApplyTimes {
  applyMs: number;
  sqlMs: number;
}

/** The projection with apply timed, and the SQL it sends timed separately. */
function timedProjection(projection: Projection, times: ApplyTimes): Projection {
  return {
    ...projection,
    apply: async (client, events, tables, applyOptions) => {
      const started = performance.now();
      const timedClient = new Proxy(client, {
        get(target, property) {
          if (property === 'query') {
            return async (...args: unknown[]) => {
              const before = performance.now();
              try {
                return await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
              } finally {
                times.sqlMs += performance.now() - before;
              }
            };
          }
          const value = Reflect.get(target, property) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      try {
        await projection.apply(timedClient, events, tables, applyOptions);
      } finally {
        times.applyMs += performance.now() - started;
      }
    },
  };
}

export interface CatchUpLine {
  name: string;
  mode: 'rebuild' | 'concurrent' | 'projector';
  /** Events the run was given (the seeded log). */
  events: number;
  /** Events the read model reflects afterwards (rows of jokes, sum of daily counts); undefined if unknown. */
  reflected?: number;
  complete: boolean;
  seconds: number;
  perSecond: number;
  readSeconds?: number;
  applySeconds?: number;
  applySqlSeconds?: number;
  /** CPU the bench's own process (the projector's work) spent meanwhile. */
  nodeCpuSeconds?: number;
  /** CPU the embedded server's processes spent meanwhile (unknown with DATABASE_URL; errs low: a backend that ended in between is lost). */
  serverCpuSeconds?: number;
}

export interface CatchUpFigures {
  projections: string;
  events: number;
  seed: { seconds: number; perSecond: number; batch: number; firstTransactionId: string; lastTransactionId: string };
  readAll: ReadAllFigures;
  lines: CatchUpLine[];
  concurrent: { seconds: number; perProjectionPerSecond: number; totalPerSecond: number };
}

export interface CatchUpOptions {
  url: string;
  events: number;
  projections: LoadedProjections;
  log: (line: string) => void;
  /** The embedded server's postmaster, to count its processes' CPU for each line. */
  serverPid?: number;
}

const PROJECTOR_TIMEOUT_MS = 180_000;

export async function runCatchUp(options: CatchUpOptions): Promise<CatchUpFigures> {
  const { url, events, projections, log } = options;
  const both = [projections.jokes, projections.daily];
  const pool = quietPool(url, 6);
  try {
    const store = new PostgresEventStore(pool, { notify: false });
    // The append bench's events would be read (and skipped) too: start from an empty log.
    await pool.query('TRUNCATE events');
    const seed = await seedEvents(store, events);
    log(
      `  seeded ${fmt(events)} JokeGenerated events in ${seed.seconds.toFixed(1)} s (${fmt(seed.perSecond)}/s, appends of ${seed.batch}; ` +
        `transaction ids ${seed.firstTransactionId}..${seed.lastTransactionId})`,
    );
    await pool.query('VACUUM (ANALYZE) events');
    const head = await store.head();

    const readAll = await profileReadAll(store, 5000);
    log(
      `  readAll alone (batch ${readAll.batch}): ${fmt(readAll.perSecond)} events/s; without JSON/Date parsing ${fmt(readAll.withoutParsingPerSecond)}/s; ` +
        `server ${readAll.serverMsPerBatch.toFixed(1)} ms per batch; returned ${fmt(readAll.returned)} of ${fmt(events)}`,
    );
    log(`  readAll plan: ${readAll.plan}`);

    const lines: CatchUpLine[] = [];
    const show = (line: CatchUpLine) => {
      lines.push(line);
      const parts = [`  ${line.mode.padEnd(10)} ${line.name.padEnd(17)} ${line.seconds.toFixed(2).padStart(6)} s  ${fmt(line.perSecond).padStart(7)} events/s`];
      if (line.readSeconds !== undefined) {
        const other = line.seconds - line.readSeconds - line.applySeconds!;
        parts.push(
          `  [readAll ${line.readSeconds.toFixed(2)} s, apply ${line.applySeconds!.toFixed(2)} s (SQL ${line.applySqlSeconds!.toFixed(2)} s, ` +
            `JS ${(line.applySeconds! - line.applySqlSeconds!).toFixed(2)} s), other ${other.toFixed(2)} s]`,
        );
      }
      if (line.nodeCpuSeconds !== undefined) {
        parts.push(`  cpu: node ${line.nodeCpuSeconds.toFixed(2)} s${line.serverCpuSeconds === undefined ? '' : ` + server ${line.serverCpuSeconds.toFixed(2)} s`} (${cpus().length} cores)`);
      }
      if (!line.complete) parts.push(`  INCOMPLETE: read model reflects ${line.reflected === undefined ? '?' : fmt(line.reflected)} of ${fmt(line.events)} events`);
      log(parts.join(''));
    };

    const cpu = cpuMeter(options.serverPid);
    for (const projection of both) {
      await reset(pool, projection);
      const meter = cpu();
      const line = await timedRebuild(pool, projection, events);
      show({ ...line, ...meter() });
    }

    for (const projection of both) await reset(pool, projection);
    const meter = cpu();
    const started = performance.now();
    await Promise.all(both.map((projection) => rebuildProjection(store, projection)));
    const seconds = (performance.now() - started) / 1000;
    const used = meter();
    for (const projection of both) show({ ...(await finished(pool, projection, 'concurrent', events, seconds)), ...used });
    const concurrent = { seconds: round(seconds, 3), perProjectionPerSecond: round(events / seconds, 0), totalPerSecond: round((2 * events) / seconds, 0) };
    log(`  concurrent rebuilds together: ${fmt(concurrent.totalPerSecond)} events projected/s`);

    for (const projection of both) {
      await reset(pool, projection);
      const meter = cpu();
      const line = await projectorCatchUp(url, store, projection, head, events);
      show({ ...line, ...meter() });
    }
    return { projections: projections.source, events, seed, readAll, lines, concurrent };
  } finally {
    await pool.end();
  }
}

/** CPU spent from now until the returned function is called: this process's, and the embedded server's when its pid is known. */
function cpuMeter(serverPid: number | undefined) {
  return () => {
    const node = ownCpuUs();
    const server = serverPid === undefined ? undefined : cpuByName(serverPid);
    return (): Pick<CatchUpLine, 'nodeCpuSeconds' | 'serverCpuSeconds'> => ({
      nodeCpuSeconds: round((ownCpuUs() - node) / 1e6, 3),
      serverCpuSeconds: server && round([...cpuDelta(server, cpuByName(serverPid!)).values()].reduce((sum, us) => sum + us, 0) / 1e6, 3),
    });
  };
}

/** How many events the read model reflects, for the two known projections. */
async function reflected(pool: pg.Pool, projection: Projection): Promise<number | undefined> {
  const table = quoteIdent(projection.tables[0]!.name);
  const sql =
    projection.name === 'jokes' ? `SELECT count(*)::bigint::text AS n FROM ${table}`
    : projection.name === 'daily_generations' ? `SELECT coalesce(sum(generated), 0)::bigint::text AS n FROM ${table}`
    : undefined;
  if (!sql) return undefined;
  const result = await pool.query<{ n: string }>(sql);
  return Number(result.rows[0]!.n);
}

async function finished(pool: pg.Pool, projection: Projection, mode: CatchUpLine['mode'], events: number, seconds: number): Promise<CatchUpLine> {
  const count = await reflected(pool, projection);
  return {
    name: projection.name,
    mode,
    events,
    reflected: count,
    complete: count === undefined || count === events,
    seconds: round(seconds, 3),
    perSecond: round(events / seconds, 0),
  };
}

export async function seedEvents(store: PostgresEventStore, count: number): Promise<CatchUpFigures['seed']> {
  const batch = 100;
  const rand = mulberry32(7);
  const from = Date.now() - 30 * DAY_MS;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const first = next;
      if (first >= count) return;
      next += batch;
      const size = Math.min(batch, count - first);
      const events = Array.from({ length: size }, (_, index) => {
        const at = new Date(from + ((first + index) / count) * 30 * DAY_MS);
        const data = jokeGenerated(rand, at);
        return { type: 'JokeGenerated', data, metadata: jokeMetadata(data.userId) };
      });
      await store.append(`seed-${first / batch}`, events, { expectedVersion: 'no_stream' });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const seconds = (performance.now() - started) / 1000;
  const range = await store.pool.query<{ first: string; last: string }>('SELECT min(transaction_id)::text AS first, max(transaction_id)::text AS last FROM events');
  return { seconds: round(seconds, 3), perSecond: round(count / seconds, 0), batch, firstTransactionId: range.rows[0]!.first, lastTransactionId: range.rows[0]!.last };
}

/** Drops the read model and its checkpoint, so the next run catches up from zero. */
async function reset(pool: pg.Pool, projection: Projection): Promise<void> {
  for (const table of projection.tables) {
    for (const suffix of ['', '__rebuild', '__old']) await pool.query(`DROP TABLE IF EXISTS ${quoteIdent(table.name + suffix)}`);
  }
  await pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
}

async function timedRebuild(pool: pg.Pool, projection: Projection, events: number): Promise<CatchUpLine> {
  const store = new TimedStore(pool, { notify: false });
  const times: ApplyTimes = { applyMs: 0, sqlMs: 0 };
  const started = performance.now();
  await rebuildProjection(store, timedProjection(projection, times));
  const seconds = (performance.now() - started) / 1000;
  return {
    ...(await finished(pool, projection, 'rebuild', events, seconds)),
    readSeconds: round(store.readMs / 1000, 3),
    applySeconds: round(times.applyMs / 1000, 3),
    applySqlSeconds: round(times.sqlMs / 1000, 3),
  };
}

/** The live path: a Projector from an empty checkpoint until its position reaches the head. */
async function projectorCatchUp(url: string, store: PostgresEventStore, projection: Projection, head: Cursor, events: number): Promise<CatchUpLine> {
  const projector = new Projector(store, projection, { connectionString: url, pollIntervalMs: 20 });
  const started = performance.now();
  let failure: unknown;
  const running = projector.start().catch((error: unknown) => {
    failure = error;
  });
  try {
    while (compareCursors(projector.position, head) < 0 && performance.now() - started < PROJECTOR_TIMEOUT_MS) {
      if (failure) throw failure;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    await projector.stop();
    await running;
  }
  return finished(store.pool, projection, 'projector', events, (performance.now() - started) / 1000);
}
