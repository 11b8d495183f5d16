// What a load costs the database, per request: transactions committed
// (pg_stat_database.xact_commit), WAL bytes (pg_current_wal_lsn) and, where the
// bench may use pg_walinspect (its own embedded server), WAL records and commit
// records split by whose they are: the appends' (their xid wrote events),
// commit-only transactions (a NOTIFY on its own) and the other writers
// (projectors, idempotency keys...).
import pg from 'pg';

export interface CostSnapshot {
  xactCommit: number;
  lsn: string;
  /** Next transaction id to be assigned: the difference counts transactions that wrote. */
  nextXid: bigint;
  /** Wake-up notifications heard so far (after `listen`). */
  notifications: number;
  at: number;
}

export interface CostFigures {
  /** Every committed transaction, read-only ones included, per request. */
  commits: number;
  /** Transactions that were given a transaction id (they wrote something), per request. */
  writeTransactions: number;
  walBytes: number;
  /** Wake-up notifications (NOTIFY) per request, heard on a LISTEN connection. */
  notifications: number;
  walRecords?: number;
  /** Commit records per request: all, those of appends, commit-only ones (a NOTIFY alone), the rest. */
  commitRecords?: { all: number; appends: number; commitOnly: number; other: number };
}

// PostgreSQL flushes a busy backend's statistics at most once a second, and an idle
// backend's 10 s after its last flush (PGSTAT_IDLE_INTERVAL): counters read sooner miss some.
export const STATS_SETTLE_MS = 11_000;

export class DatabaseCost {
  private readonly client: pg.Client;
  readonly walInspect: boolean;
  private notifications = 0;

  private constructor(client: pg.Client, walInspect: boolean) {
    this.client = client;
    this.walInspect = walInspect;
  }

  static async open(url: string): Promise<DatabaseCost> {
    const client = new pg.Client({ connectionString: url, application_name: 'bench-cost' });
    client.on('error', () => undefined);
    await client.connect();
    const walInspect = await client.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect').then(
      () => true,
      () => false,
    );
    return new DatabaseCost(client, walInspect);
  }

  /** Counts the notifications on `channel` from now on (the snapshots carry the count). */
  async listen(channel: string): Promise<void> {
    this.client.on('notification', () => this.notifications++);
    await this.client.query(`LISTEN ${channel}`);
  }

  async snapshot(): Promise<CostSnapshot> {
    const result = await this.client.query<{ xact_commit: string; lsn: string; next_xid: string }>(
      `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::text AS xact_commit,
              pg_current_wal_lsn()::text AS lsn, pg_snapshot_xmax(pg_current_snapshot())::text AS next_xid`,
    );
    const row = result.rows[0]!;
    return { xactCommit: Number(row.xact_commit), lsn: row.lsn, nextXid: BigInt(row.next_xid), notifications: this.notifications, at: Date.now() };
  }

  /**
   * The cost of `requests` between `from` and `to`; `idleCommitsPerMs` (what the
   * product commits with nothing to do: projector polls) is taken off first.
   */
  async between(from: CostSnapshot, to: CostSnapshot, requests: number, idleCommitsPerMs = 0): Promise<CostFigures> {
    const bytes = await this.client.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($2::pg_lsn, $1::pg_lsn)::text AS bytes', [from.lsn, to.lsn]);
    const idle = idleCommitsPerMs * (to.at - from.at);
    const figures: CostFigures = {
      commits: Math.max(0, to.xactCommit - from.xactCommit - idle) / requests,
      writeTransactions: Number(to.nextXid - from.nextXid) / requests,
      walBytes: Number(bytes.rows[0]!.bytes) / requests,
      notifications: (to.notifications - from.notifications) / requests,
    };
    if (!this.walInspect) return figures;
    const records = await this.client.query<{ records: string; commits: string; appends: string; commit_only: string }>(
      `WITH wal AS (
         SELECT xid, resource_manager, record_type FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)
       ), commits AS (
         SELECT DISTINCT xid FROM wal WHERE resource_manager = 'Transaction' AND record_type LIKE 'COMMIT%'
       ), writers AS (
         SELECT DISTINCT xid FROM wal WHERE resource_manager <> 'Transaction' AND xid IS NOT NULL
       ), appenders AS (
         SELECT DISTINCT xid(transaction_id) AS xid FROM events WHERE transaction_id >= $3::xid8
       )
       SELECT (SELECT count(*) FROM wal)::text AS records,
              (SELECT count(*) FROM commits)::text AS commits,
              (SELECT count(*) FROM commits JOIN appenders USING (xid))::text AS appends,
              (SELECT count(*) FROM commits c WHERE NOT EXISTS (SELECT 1 FROM writers w WHERE w.xid = c.xid))::text AS commit_only`,
      [from.lsn, to.lsn, from.nextXid.toString()],
    );
    const row = records.rows[0]!;
    const all = Number(row.commits);
    const appends = Number(row.appends);
    const commitOnly = Number(row.commit_only);
    return {
      ...figures,
      walRecords: Number(row.records) / requests,
      commitRecords: { all: all / requests, appends: appends / requests, commitOnly: commitOnly / requests, other: (all - appends - commitOnly) / requests },
    };
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
