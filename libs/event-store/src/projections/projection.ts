import type pg from 'pg';
import type { StoredEvent } from '../types.js';

export interface ProjectionTable {
  /** The table readers query. */
  name: string;
  /** CREATE statements for the table under a given name (a rebuild builds a shadow copy). */
  ddl(table: string): string[];
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
  tables: readonly ProjectionTable[];
  /** `tables` maps each logical table name to the physical one to write. */
  apply(client: pg.PoolClient, events: readonly StoredEvent[], tables: Readonly<Record<string, string>>): Promise<void>;
}

export function physicalTables(projection: Projection, suffix = ''): Record<string, string> {
  return Object.fromEntries(projection.tables.map((table) => [table.name, `${table.name}${suffix}`]));
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
