import type pg from 'pg';
import { NextBatch } from '@jokes/event-store';

/** The query rate-limiter-flexible's RateLimiterPostgres sends a pool ({ name, text, values }). */
interface LimiterQuery {
  name?: string;
  text: string;
  values?: unknown[];
}

interface CounterRow {
  key: string;
  points: number;
  expire: string | null;
}

interface PendingUpsert {
  key: string;
  points: number;
  expire: number | null;
  resolve: (result: { rows: { points: number; expire: string | null }[] }) => void;
  reject: (error: unknown) => void;
}

/** More keys than this wait for the next statement, so one statement stays small. */
const MAX_KEYS_PER_STATEMENT = 500;

/**
 * The pool RateLimiterPostgres is given (its `storeClient`): it passes every
 * query through to `pool`, except its counting upsert. A request counts two to
 * four counters, each an upsert of one row and a round trip; here the upserts
 * that arrive together go to PostgreSQL as one statement over all their rows,
 * and those arriving while it runs go in the next. The library still does the
 * counting (its points, windows and in-memory blocks); only the trips are
 * fewer, and under load far fewer: 16 requests in flight cost one statement,
 * not 32.
 *
 * Each caller is answered what its own upsert would have returned had they
 * run one after another: the same key twice in one statement is summed (a
 * statement may not update one row twice), and the first caller is given the
 * total less what the later ones added.
 */
export class CoalescingCounterStore {
  private readonly queue = new NextBatch<PendingUpsert, Map<string, PendingUpsert[]>>(byKey, (batch) => this.send(batch));

  constructor(
    private readonly pool: pg.Pool,
    private readonly table: string,
  ) {}

  query(query: LimiterQuery): Promise<unknown> {
    if (!query.name?.endsWith(':rlflx-upsert')) return this.pool.query(query);
    const [key, points, expire] = query.values as [string, number, number | null, number];
    return new Promise((resolve, reject) => this.queue.add({ key, points, expire, resolve, reject }));
  }

  private async send(batch: Map<string, PendingUpsert[]>): Promise<void> {
    try {
      answer(batch, await this.upsert(batch));
    } catch (error) {
      for (const upserts of batch.values()) for (const upsert of upserts) upsert.reject(error);
    }
  }

  /** The library's upsert (a counter past its expiry starts again at the points added) over every key at once. */
  private async upsert(batch: Map<string, PendingUpsert[]>): Promise<Map<string, CounterRow>> {
    const keys: string[] = [];
    const points: number[] = [];
    const expires: (number | null)[] = [];
    for (const [key, upserts] of batch) {
      keys.push(key);
      points.push(upserts.reduce((sum, upsert) => sum + upsert.points, 0));
      expires.push(upserts[0]!.expire);
    }
    const { rows } = await this.pool.query<CounterRow>({
      name: `${this.table}:coalesced-upsert`,
      text: `
        INSERT INTO ${this.table} AS counter (key, points, expire)
        SELECT * FROM unnest($1::varchar[], $2::integer[], $3::bigint[])
        ON CONFLICT (key) DO UPDATE SET
          points = CASE WHEN counter.expire <= $4 THEN excluded.points ELSE counter.points + excluded.points END,
          expire = CASE WHEN counter.expire <= $4 THEN excluded.expire ELSE counter.expire END
        RETURNING key, points, expire`,
      values: [keys, points, expires, Date.now()],
    });
    return new Map(rows.map((row) => [row.key, row]));
  }
}

/** The queued upserts of at most MAX_KEYS_PER_STATEMENT keys, grouped by key in arrival order; the rest wait for the next statement. */
function byKey(pending: PendingUpsert[]): { batch: Map<string, PendingUpsert[]>; later: PendingUpsert[] } {
  const batch = new Map<string, PendingUpsert[]>();
  const later: PendingUpsert[] = [];
  for (const upsert of pending) {
    const same = batch.get(upsert.key);
    if (same) same.push(upsert);
    else if (batch.size < MAX_KEYS_PER_STATEMENT) batch.set(upsert.key, [upsert]);
    else later.push(upsert);
  }
  return { batch, later };
}

/** Each caller's row as if the upserts of its key had run in arrival order. */
function answer(batch: Map<string, PendingUpsert[]>, totals: Map<string, CounterRow>): void {
  for (const [key, upserts] of batch) {
    const row = totals.get(key);
    if (!row) {
      for (const upsert of upserts) upsert.reject(new Error(`The rate-limit upsert returned no row for ${key}`));
      continue;
    }
    let later = upserts.reduce((sum, upsert) => sum + upsert.points, 0);
    for (const upsert of upserts) {
      later -= upsert.points;
      upsert.resolve({ rows: [{ points: row.points - later, expire: row.expire }] });
    }
  }
}
