import type pg from 'pg';
import type { EventData } from '../postgres/read-all-data.js';
import type { StoredEvent } from '../port/types.js';

/** An event as `apply` gets it: a whole StoredEvent, unless the projection `reads` only 'data'. */
export type ProjectedEvent = StoredEvent | EventData;

export interface ProjectionTable {
  /** The table readers query. */
  name: string;
  /** CREATE statements for the table and its primary key under a given name (a rebuild builds a shadow copy). */
  ddl(table: string): string[];
  /**
   * Its secondary indexes (CREATE INDEX), apart from `ddl`: a catch-up into a
   * fresh table builds them once the table is filled, in one pass, instead of
   * maintaining them row by row. Whoever creates the table runs both.
   */
  indexes?(table: string): string[];
}

/** How a batch is applied. */
export interface ApplyOptions {
  /**
   * The tables were created empty for this catch-up, which alone writes them
   * and applies every event exactly once, in order, from the start of the log
   * (a rebuild's shadow tables). A row not found in them is new, so it may be
   * inserted without the conflict handling a replay needs.
   */
  fresh?: boolean;
}

/**
 * A read model fed from the event stream. `apply` runs inside the transaction
 * that also advances the checkpoint, so a batch is applied exactly once.
 */
export interface Projection {
  name: string;
  /** Bump when the read model's shape or meaning changes: the projector rebuilds it. */
  version: number;
  handles: readonly string[];
  /**
   * What `apply` reads of each event. 'data': its type, data and cursor only
   * (`EventData`), so a catch-up from the PostgreSQL store reads just those
   * columns (no metadata to serialise and parse per event), and the events
   * `apply` gets hold nothing else. 'all' (the default): every field.
   */
  reads?: 'data' | 'all';
  tables: readonly ProjectionTable[];
  /** `tables` maps each logical table name to the physical one to write. */
  apply(client: pg.PoolClient, events: readonly ProjectedEvent[], tables: Readonly<Record<string, string>>, options?: ApplyOptions): Promise<void>;
}

export function physicalTables(projection: Projection, suffix = ''): Record<string, string> {
  return Object.fromEntries(projection.tables.map((table) => [table.name, `${table.name}${suffix}`]));
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
