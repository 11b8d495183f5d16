// Projector catch-up: seed JokeGenerated events, then time the projections
// rebuilding from position zero, with a breakdown of where the time goes.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  PostgresEventStore,
  Projector,
  START,
  compareCursors,
  quoteIdent,
  rebuildProjection,
  type Cursor,
  type Projection,
  type StoredEvent,
} from '@jokes/event-store';
import { fmt, quietPool, round } from './util.ts';
import { jokeGenerated, jokeMetadata, random } from './fixtures.ts';
import type { LoadedProjections } from './projections.ts';

const DAY_MS = 86_400_000;

/** A store that adds up the time spent in readAll (query + row parsing). */
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
}

interface ApplyTimes {
  applyMs: number;
  sqlMs: number;
}

/** The projection with apply timed, and the SQL it sends timed separately. */
function timedProjection(projection: Projection, times: ApplyTimes): Projection {
  return {
    ...projection,
    apply: async (client, events, tables) => {
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
        await projection.apply(timedClient, events, tables);
      } finally {
        times.applyMs += performance.now() - started;
      }
    },
  };
}

export interface CatchUpLine {
  name: string;
  mode: 'rebuild' | 'projector';
  events: number;
  seconds: number;
  perSecond: number;
  readSeconds?: number;
  applySeconds?: number;
  applySqlSeconds?: number;
}

export interface CatchUpFigures {
  projections: string;
  events: number;
  seed: { seconds: number; perSecond: number; batch: number };
  readAll: { batch: number; perSecond: number; withoutParsingPerSecond: number; serverMsPerBatch: number; plan: string };
  lines: CatchUpLine[];
  concurrent?: { seconds: number; perProjectionPerSecond: number; totalPerSecond: number };
}

export interface CatchUpOptions {
  url: string;
  events: number;
  projections: LoadedProjections;
  log: (line: string) => void;
}

export async function runCatchUp(options: CatchUpOptions): Promise<CatchUpFigures> {
  const { url, events, projections, log } = options;
  const pool = quietPool(url, 6);
  try {
    const store = new PostgresEventStore(pool, { notify: false });
    // The append bench's events would be read (and skipped) too: start from an empty log.
    await pool.query('TRUNCATE events, streams');
    const seed = await seedEvents(store, events);
    log(`  seeded ${events.toLocaleString('en')} JokeGenerated events in ${seed.seconds.toFixed(1)} s (${fmt(seed.perSecond)}/s, appends of ${seed.batch})`);
    await pool.query('VACUUM (ANALYZE) events');
    const head = await store.head();

    const readAll = await profileReadAll(store, 5000);
    log(
      `  readAll alone (batch ${readAll.batch}): ${fmt(readAll.perSecond)} events/s; without JSON/Date parsing ${fmt(readAll.withoutParsingPerSecond)}/s; ` +
        `server execution ${readAll.serverMsPerBatch.toFixed(1)} ms per batch`,
    );

    const lines: CatchUpLine[] = [];
    const show = (line: CatchUpLine) => {
      lines.push(line);
      const parts = [`  ${line.mode.padEnd(9)} ${line.name.padEnd(18)} ${line.seconds.toFixed(2).padStart(6)} s  ${fmt(line.perSecond).padStart(7)} events/s`];
      if (line.readSeconds !== undefined) {
        const other = line.seconds - line.readSeconds - line.applySeconds!;
        parts.push(
          `   [readAll ${line.readSeconds.toFixed(2)} s, apply ${line.applySeconds!.toFixed(2)} s (SQL ${line.applySqlSeconds!.toFixed(2)} s, ` +
            `JS ${(line.applySeconds! - line.applySqlSeconds!).toFixed(2)} s), other ${other.toFixed(2)} s]`,
        );
      }
      log(parts.join(''));
    };

    for (const projection of [projections.jokes, projections.daily]) {
      await reset(pool, projection);
      show(await timedRebuild(url, pool, projection, events));
    }

    for (const projection of [projections.jokes, projections.daily]) await reset(pool, projection);
    const started = performance.now();
    await Promise.all([projections.jokes, projections.daily].map((projection) => rebuildProjection(store, projection)));
    const seconds = (performance.now() - started) / 1000;
    const concurrent = { seconds: round(seconds, 3), perProjectionPerSecond: round(events / seconds, 0), totalPerSecond: round((2 * events) / seconds, 0) };
    log(`  rebuild   both concurrently  ${seconds.toFixed(2).padStart(6)} s  ${fmt(concurrent.perProjectionPerSecond).padStart(7)} events/s each (${fmt(concurrent.totalPerSecond)} projected/s)`);

    for (const projection of [projections.jokes, projections.daily]) {
      await reset(pool, projection);
      show(await projectorCatchUp(url, store, projection, head, events));
    }
    return { projections: projections.source, events, seed, readAll, lines, concurrent };
  } finally {
    await pool.end();
  }
}

async function seedEvents(store: PostgresEventStore, count: number): Promise<CatchUpFigures['seed']> {
  const batch = 100;
  const rand = random(7);
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
  return { seconds: round(seconds, 3), perSecond: round(count / seconds, 0), batch };
}

/** Drops the read model and its checkpoint, so the next run catches up from zero. */
async function reset(pool: pg.Pool, projection: Projection): Promise<void> {
  for (const table of projection.tables) {
    for (const suffix of ['', '__rebuild', '__old']) await pool.query(`DROP TABLE IF EXISTS ${quoteIdent(table.name + suffix)}`);
  }
  await pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
}

async function timedRebuild(url: string, pool: pg.Pool, projection: Projection, events: number): Promise<CatchUpLine> {
  const store = new TimedStore(pool, { notify: false });
  const times: ApplyTimes = { applyMs: 0, sqlMs: 0 };
  const started = performance.now();
  const { processed } = await rebuildProjection(store, timedProjection(projection, times));
  const seconds = (performance.now() - started) / 1000;
  if (processed !== events) throw new Error(`rebuild of ${projection.name} processed ${processed} events, expected ${events} (${url})`);
  return {
    name: projection.name,
    mode: 'rebuild',
    events: processed,
    seconds: round(seconds, 3),
    perSecond: round(processed / seconds, 0),
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
    while (compareCursors(projector.position, head) < 0) {
      if (failure) throw failure;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    await projector.stop();
    await running;
  }
  const seconds = (performance.now() - started) / 1000;
  return { name: projection.name, mode: 'projector', events, seconds: round(seconds, 3), perSecond: round(events / seconds, 0) };
}

async function profileReadAll(store: PostgresEventStore, batch: number): Promise<CatchUpFigures['readAll']> {
  const pool = store.pool;
  let cursor: Cursor = START;
  let started = performance.now();
  let total = 0;
  for (;;) {
    const page = await store.readAll(cursor, batch);
    if (page.length === 0) break;
    total += page.length;
    const last = page[page.length - 1]!;
    cursor = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  }
  const parsedSeconds = (performance.now() - started) / 1000;

  // The same query with every column as text: what the driver's type parsing costs.
  const raw = `SELECT global_position::text, transaction_id::text AS transaction_id, stream_id, stream_version::text,
    event_id::text, event_type, schema_version::text, data::text, metadata::text, created_at::text FROM events
    WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
      AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY transaction_id, global_position LIMIT $3`;
  let after = { tx: '0', pos: '0' };
  started = performance.now();
  for (;;) {
    const result = await pool.query<{ transaction_id: string; global_position: string }>(raw, [after.tx, after.pos, batch]);
    if (result.rows.length === 0) break;
    const last = result.rows[result.rows.length - 1]!;
    after = { tx: last.transaction_id, pos: last.global_position };
  }
  const rawSeconds = (performance.now() - started) / 1000;

  const explain = await pool.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_version,
      event_id, event_type, schema_version, data, metadata, created_at FROM events
      WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY transaction_id, global_position LIMIT $3`,
    ['0', '0', batch],
  );
  const plan = (explain.rows[0]!['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[])[0]!;
  return {
    batch,
    perSecond: round(total / parsedSeconds, 0),
    withoutParsingPerSecond: round(total / rawSeconds, 0),
    serverMsPerBatch: round(plan['Execution Time'], 2),
    plan: describePlan(plan.Plan),
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function describePlan(node: PlanNode): string {
  const self = node['Index Name'] ? `${node['Node Type']} on ${node['Index Name']}` : node['Node Type'];
  return [self, ...(node.Plans ?? []).map(describePlan)].join(' > ');
}
