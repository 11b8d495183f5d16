// The report's replay: seed a realistic engagement log (page views and
// analytics batches, jokes generated, rated, re-rated and shared, sign-ups,
// trials, payments), then time `npm run report`'s replay from position zero
// beside a plain readAll pass, and a readAllData pass (the lean read the
// replay uses), over the same events in the same run.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { START, type Cursor, type NewEvent, type PostgresEventStore } from '@jokes/event-store';
import { engagementLog } from '@jokes/read-models/testing';
import { fmt, round } from './util.ts';

export interface ReportFigures {
  events: number;
  seed: { seconds: number; perSecond: number; batch: number };
  /** Events per second of `npm run report`'s replay (best of the rounds). */
  perSecond: number;
  /** Plain readAll from the start, same batch size, same run (best of the rounds). */
  readAllPerSecond: number;
  /** readAllData alone (type and data only, what the replay reads), same batch size. */
  readAllDataPerSecond: number;
  batch: number;
  /** Events the replay saw; every seeded one or the figure means nothing. */
  replayed: number;
  complete: boolean;
  /** The report's figures, the same on every round. */
  reproducible: boolean;
  rows: number;
}

/** `replayReport` from the built projectors app, exactly as `npm run report` runs it. */
interface ReportModule {
  replayReport(store: PostgresEventStore, args: { report: 'engagement'; from: null; to: null; by: 'day'; format: 'json' }): Promise<{ events: number; rows: unknown[] }>;
}

const BATCH = 10_000;
const ROUNDS = 2;

export async function runReportBench(options: { store: PostgresEventStore; events: number; log: (line: string) => void }): Promise<ReportFigures> {
  const { store, events, log } = options;
  const built = new URL('../../apps/projectors/dist/report/run-report.js', import.meta.url);
  const report = (await import(built.href)) as ReportModule;
  // Only the engagement log: the earlier benches' events would be replayed too.
  await store.pool.query('TRUNCATE events');
  const seed = await seedLog(store, events);
  log(`  seeded ${fmt(events)} engagement events in ${seed.seconds.toFixed(1)} s (${fmt(seed.perSecond)}/s, appends of ${seed.batch})`);
  await store.pool.query('VACUUM (ANALYZE) events');

  let readAllPerSecond = 0;
  let readAllDataPerSecond = 0;
  let perSecond = 0;
  let replayed = 0;
  const answers = new Set<string>();
  // Alternated, best of each, so neither gains from the other's warm-up.
  for (let round = 1; round <= ROUNDS; round++) {
    const read = await timed(() => readAllPass(store.pool, store));
    readAllPerSecond = Math.max(readAllPerSecond, read.perSecond);
    const lean = await timed(() => readAllDataPass(store));
    readAllDataPerSecond = Math.max(readAllDataPerSecond, lean.perSecond);
    const replay = await timed(async () => {
      const result = await report.replayReport(store, { report: 'engagement', from: null, to: null, by: 'day', format: 'json' });
      answers.add(JSON.stringify(result.rows));
      return result.events;
    });
    perSecond = Math.max(perSecond, replay.perSecond);
    replayed = replay.count;
    log(`  round ${round}: readAll ${fmt(read.perSecond)} events/s, readAllData ${fmt(lean.perSecond)} events/s, report replay ${fmt(replay.perSecond)} events/s (${fmt(replay.count)} events)`);
  }
  const rows = (JSON.parse([...answers][0] ?? '[]') as unknown[]).length;
  return {
    events,
    seed,
    perSecond: round(perSecond, 0),
    readAllPerSecond: round(readAllPerSecond, 0),
    readAllDataPerSecond: round(readAllDataPerSecond, 0),
    batch: BATCH,
    replayed,
    complete: replayed === events,
    reproducible: answers.size === 1,
    rows,
  };
}

async function timed(run: () => Promise<number>): Promise<{ count: number; perSecond: number }> {
  const started = performance.now();
  const count = await run();
  return { count, perSecond: count / ((performance.now() - started) / 1000) };
}

/** readAll page by page from the start, nothing else: the floor under any replay. */
async function readAllPass(pool: pg.Pool, store: PostgresEventStore): Promise<number> {
  let cursor: Cursor = START;
  let total = 0;
  for (;;) {
    const page = await store.readAll(cursor, BATCH, pool);
    if (page.length === 0) return total;
    total += page.length;
    cursor = page[page.length - 1]!;
  }
}

async function readAllDataPass(store: PostgresEventStore): Promise<number> {
  let cursor: Cursor = START;
  let total = 0;
  for (;;) {
    const page = await store.readAllData(cursor, BATCH);
    if (page.length === 0) return total;
    total += page.length;
    cursor = page[page.length - 1]!;
  }
}

/** The log in appends of 100 events by 4 writers; which stream holds an event does not matter to a replay of all of them. */
async function seedLog(store: PostgresEventStore, count: number): Promise<ReportFigures['seed']> {
  const batch = 100;
  const log = engagementLog({ events: count, seed: 11, days: 30 })[Symbol.iterator]();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const events: NewEvent[] = [];
      while (events.length < batch) {
        const item = log.next();
        if (item.done) break;
        events.push(item.value.event);
      }
      if (events.length === 0) return;
      await store.append(`report-seed-${next++}`, events, { expectedVersion: 'no_stream' });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { seconds: round(seconds, 3), perSecond: round(count / seconds, 0), batch };
}
