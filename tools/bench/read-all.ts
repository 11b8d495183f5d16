// readAll on its own: throughput with and without the driver's type parsing,
// completeness of one pass from the start, and the plan the server uses.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { START, type Cursor, type PostgresEventStore } from '@jokes/event-store';
import { round } from './util.ts';

export interface ReadAllFigures {
  batch: number;
  /** Events one full pass of readAll from the start returned. */
  returned: number;
  complete: boolean;
  perSecond: number;
  withoutParsingPerSecond: number;
  serverMsPerBatch: number;
  plan: string;
  usesCursorIndex: boolean;
}

/**
 * A stand-in for a pool that runs readAll's own statement but records it, and
 * can switch off the driver's type parsing (jsonb, timestamptz) to price it.
 */
function recordingClient(pool: pg.Pool, parse: boolean, seen: { text?: string; values?: unknown[] }): pg.Pool {
  const asText = { getTypeParser: () => (value: string) => value };
  const query = (textOrConfig: string | pg.QueryConfig, values?: unknown[]) => {
    // readAll sends a named (prepared) statement as a config object; the name stays, so it is prepared here too.
    const config: pg.QueryConfig = typeof textOrConfig === 'string' ? { text: textOrConfig, values } : textOrConfig;
    seen.text = config.text;
    seen.values = config.values;
    return pool.query(parse ? config : { ...config, name: config.name && `${config.name} unparsed`, types: asText });
  };
  return { query } as unknown as pg.Pool;
}

export async function profileReadAll(store: PostgresEventStore, batch: number): Promise<ReadAllFigures> {
  const pool = store.pool;
  const seen: { text?: string; values?: unknown[] } = {};
  const pass = (parse: boolean) => async () => {
    const client = recordingClient(pool, parse, seen);
    let cursor: Cursor = START;
    let total = 0;
    for (;;) {
      const page = await store.readAll(cursor, batch, client);
      if (page.length === 0) return total;
      total += page.length;
      const last = page[page.length - 1]!;
      cursor = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
  };
  const timed = async (run: () => Promise<number>): Promise<number> => {
    const started = performance.now();
    const total = await run();
    return total / ((performance.now() - started) / 1000);
  };
  // Alternate twice and keep the best of each, so warm-up does not favour either.
  let perSecond = 0;
  let withoutParsing = 0;
  for (let round = 0; round < 2; round++) {
    withoutParsing = Math.max(withoutParsing, await timed(pass(false)));
    perSecond = Math.max(perSecond, await timed(pass(true)));
  }
  const returned = await pass(true)();
  const total = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);

  // readAll's own statement for the first page, as the server runs it.
  await store.readAll(START, batch, recordingClient(pool, true, seen));
  const explain = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${seen.text}`,
    seen.values,
  );
  const plan = explain.rows[0]!['QUERY PLAN'][0]!;
  const described = describePlan(plan.Plan);
  return {
    batch,
    returned,
    complete: returned === total,
    perSecond: round(perSecond, 0),
    withoutParsingPerSecond: round(withoutParsing, 0),
    serverMsPerBatch: round(plan['Execution Time'], 2),
    plan: described,
    usesCursorIndex: described.includes('events_cursor_idx'),
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

function describePlan(node: PlanNode): string {
  let self = node['Node Type'];
  if (node['Index Name']) self += ` using ${node['Index Name']}`;
  if (node['Sort Key']) self += ` (by ${node['Sort Key'].join(', ')})`;
  return [self, ...(node.Plans ?? []).map(describePlan)].join(' > ');
}
