// Append throughput: PostgresEventStore.append with an exact expected version,
// against plain single-row INSERTs into a table shaped like `events`.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PostgresEventStore, EVENTS_CHANNEL } from '@jokes/event-store';
import { mulberry32 } from '@jokes/domain';
import { appendPayload } from './fixtures.ts';
import { percentile, quietPool, round } from './util.ts';

export type RunKind = 'append' | 'append+notify' | 'baseline';

export interface RunFigures {
  kind: RunKind;
  writers: number;
  operations: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU the bench process (the client) spent per operation. */
  clientCpuUsPerOp: number;
  /** CPU the writers' server backends spent per operation (embedded server only: read from /proc). */
  backendCpuUsPerOp?: number;
  /** Notifications a LISTEN connection received (notify run only). */
  wakeUps?: number;
}

/** Same columns, defaults, identity, constraints and indexes as `events`, by construction. */
export const BASELINE_DDL = 'CREATE TABLE baseline_events (LIKE events INCLUDING ALL)';

const BASELINE_INSERT = `INSERT INTO baseline_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  VALUES ($1, $2, $3, $4, $5, $6, $7)`;

class Latencies {
  private values = new Float64Array(1 << 16);
  count = 0;
  push(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }
  sorted(): Float64Array {
    return this.values.slice(0, this.count).sort();
  }
}

/** Runs `writers` loops of `operation` for `seconds`; latencies are recorded only when `latencies` is given. */
async function drive(writers: number, seconds: number, operation: (writer: number) => Promise<void>, latencies?: Latencies): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let finished = started;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < deadline) {
        const before = performance.now();
        await operation(writer);
        const after = performance.now();
        latencies?.push(after - before);
        finished = Math.max(finished, after);
      }
    }),
  );
  return (finished - started) / 1000;
}

/** User + system CPU of a local process in microseconds (Linux /proc; clock ticks of 10 ms). */
function processCpuUs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}

const sumCpu = (pids: number[]) => pids.reduce<number | undefined>((sum, pid) => {
  const cpu = processCpuUs(pid);
  return sum === undefined || cpu === undefined ? undefined : sum + cpu;
}, 0);

export interface AppendBenchOptions {
  url: string;
  /** Measured seconds per kind and writer count, split over the alternating segments. */
  seconds: number;
  warmupSeconds: number;
  /** The server runs on this machine, so its backends' CPU can be read from /proc. */
  localServer: boolean;
  log: (line: string) => void;
}

class Totals {
  readonly latencies = new Latencies();
  seconds = 0;
  clientCpuUs = 0;
  backendCpuUs: number | undefined = 0;
  wakeUps = 0;
}

/** Stream versions carry over between runs: writer i always continues `bench-{i}`. */
export class AppendBench {
  private readonly appendVersions = new Map<number, bigint>();
  private readonly baselineVersions = new Map<number, number>();
  private readonly rand = mulberry32(42);
  private readonly options: AppendBenchOptions;

  constructor(options: AppendBenchOptions) {
    this.options = options;
  }

  async setUp(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query(BASELINE_DDL);
    } finally {
      await client.end();
    }
  }

  /**
   * Measures each kind for `seconds` in `segments` alternating segments (A B B A ...),
   * each after its own warm-up, so drift in the machine's load hits both alike.
   */
  async compare(kinds: readonly RunKind[], writers: number, segments = 2): Promise<RunFigures[]> {
    const totals = new Map(kinds.map((kind) => [kind, new Totals()]));
    for (let segment = 0; segment < segments; segment++) {
      const order = segment % 2 === 0 ? kinds : [...kinds].reverse();
      for (const kind of order) await this.segment(kind, writers, this.options.seconds / segments, totals.get(kind)!);
    }
    return kinds.map((kind) => {
      const total = totals.get(kind)!;
      const sorted = total.latencies.sorted();
      const operations = total.latencies.count;
      const figures: RunFigures = {
        kind,
        writers,
        operations,
        seconds: round(total.seconds, 3),
        perSecond: round(operations / total.seconds, 1),
        p50Ms: round(percentile(sorted, 0.5), 3),
        p99Ms: round(percentile(sorted, 0.99), 3),
        clientCpuUsPerOp: round(total.clientCpuUs / operations, 1),
      };
      if (total.backendCpuUs !== undefined && this.options.localServer) figures.backendCpuUsPerOp = round(total.backendCpuUs / operations, 1);
      if (kind === 'append+notify') figures.wakeUps = total.wakeUps;
      const cpu = `cpu/op client ${figures.clientCpuUsPerOp.toFixed(0)} us${figures.backendCpuUsPerOp === undefined ? '' : `, backend ${figures.backendCpuUsPerOp.toFixed(0)} us`}`;
      this.options.log(
        `  ${kind.padEnd(13)} writers=${String(writers).padStart(2)}  ${figures.perSecond.toFixed(0).padStart(6)}/s  ` +
          `p50 ${figures.p50Ms.toFixed(2)} ms  p99 ${figures.p99Ms.toFixed(2)} ms  ${cpu}`,
      );
      return figures;
    });
  }

  private async segment(kind: RunKind, writers: number, seconds: number, totals: Totals): Promise<void> {
    const { url, warmupSeconds } = this.options;
    const pool = quietPool(url, writers);
    let listener: pg.Client | undefined;
    let store: PostgresEventStore | undefined;
    let wakeUps = 0;
    try {
      // Open every connection before the clock starts (concurrent queries take one each).
      const backends = await Promise.all(
        Array.from({ length: writers }, async () => (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid),
      );
      if (kind !== 'baseline') store = new PostgresEventStore(pool, { notify: kind === 'append+notify' });
      const operation = this.operation(pool, store);
      if (kind === 'append+notify') {
        // A subscriber really listens, so the notifications are queued and delivered as in production.
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => undefined);
        await listener.connect();
        await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
        listener.on('notification', () => wakeUps++);
      }
      await drive(writers, warmupSeconds, operation);
      await store?.flush();
      await new Promise((resolve) => setTimeout(resolve, 50));
      wakeUps = 0;
      const clientBefore = process.cpuUsage();
      const backendBefore = this.options.localServer ? sumCpu(backends) : undefined;
      totals.seconds += await drive(writers, seconds, operation, totals.latencies);
      const client = process.cpuUsage(clientBefore);
      totals.clientCpuUs += client.user + client.system;
      const backendAfter = this.options.localServer ? sumCpu(backends) : undefined;
      totals.backendCpuUs = totals.backendCpuUs === undefined || backendBefore === undefined || backendAfter === undefined
        ? undefined
        : totals.backendCpuUs + backendAfter - backendBefore;
      if (listener) {
        await store?.flush();
        await new Promise((resolve) => setTimeout(resolve, 100));
        totals.wakeUps += wakeUps;
      }
    } finally {
      await store?.flush();
      await listener?.end().catch(() => undefined);
      await pool.end();
    }
  }

  private operation(pool: pg.Pool, store: PostgresEventStore | undefined): (writer: number) => Promise<void> {
    if (!store) {
      return async (writer) => {
        const version = (this.baselineVersions.get(writer) ?? 0) + 1;
        const { eventId, data, metadata } = appendPayload(this.rand);
        await pool.query(BASELINE_INSERT, [`bench-${writer}`, version, eventId, 'JokeGenerated', 1, JSON.stringify(data), JSON.stringify(metadata)]);
        this.baselineVersions.set(writer, version);
      };
    }
    return async (writer) => {
      const { eventId, data, metadata } = appendPayload(this.rand);
      const result = await store.append(`bench-${writer}`, [{ type: 'JokeGenerated', eventId, data, metadata }], {
        expectedVersion: this.appendVersions.get(writer) ?? 0n,
      });
      this.appendVersions.set(writer, result.nextExpectedVersion);
    };
  }
}
