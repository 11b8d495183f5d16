/**
 * One column of a read model: its SQL type, the MikroORM type the query side
 * reads it with, and (as phantom types) its value when a projection writes it
 * and when the query side reads it back. Written once, it gives the table's
 * DDL, the row type of `evolve` and the query side's entity.
 */
export interface Column<Write, Read> {
  readonly sql: string;
  readonly orm: string;
  readonly nullable: boolean;
  /** Type-only: the value `evolve` produces. */
  readonly '~write'?: Write;
  /** Type-only: the value the query side reads. */
  readonly '~read'?: Read;
}

export interface ColumnBuilder<Write, Read> extends Column<Write, Read> {
  nullable: false;
  /** The same column, allowed to be NULL. */
  orNull(): Column<Write | null, Read | null>;
}

function scalar<Write, Read>(sql: string, orm: string): ColumnBuilder<Write, Read> {
  return { sql, orm, nullable: false, orNull: () => ({ sql, orm, nullable: true }) };
}

/** The column types read models use (the SQL types the tables have always had). */
export const column = {
  uuid: () => scalar<string, string>('uuid', 'uuid'),
  text: () => scalar<string, string>('text', 'text'),
  smallint: () => scalar<number, number>('smallint', 'smallint'),
  integer: () => scalar<number, number>('integer', 'integer'),
  boolean: () => scalar<boolean, boolean>('boolean', 'boolean'),
  /** Written as an ISO 8601 string (the event's time), read as a Date. */
  timestamptz: () => scalar<string, Date>('timestamptz', 'datetime'),
  /** A UTC calendar day, 'YYYY-MM-DD' both ways. */
  date: () => scalar<string, string>('date', 'date'),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any column, whatever its value types
export type Columns = Readonly<Record<string, Column<any, any>>>;

/** A row as a projection's `evolve` writes it. */
export type RowOf<C extends Columns> = { -readonly [K in keyof C]: C[K] extends Column<infer Write, unknown> ? Write : never };

/** A row as the query side reads it (timestamps are Dates). */
export type ViewOf<C extends Columns> = { -readonly [K in keyof C]: C[K] extends Column<unknown, infer Read> ? Read : never };

export interface ReadModelDefinition<C extends Columns, E extends { type: string }> {
  /** The projection's name: its checkpoint, `npm run replay -- <name>` and the contracts' `reads`. */
  name: string;
  /** Bump when the columns or `evolve` change meaning: the projectors rebuild it. */
  version: number;
  table: string;
  columns: C;
  key: readonly (keyof C & string)[];
  /** Extra CREATE INDEX statements (`{table}` is replaced by the table name), for the query side's reads. */
  indexes?: readonly string[];
  /** The event types `evolve` reacts to. */
  handles: readonly E['type'][];
  /** Event types that start a row (the projector need not load one first). */
  createdBy?: readonly E['type'][];
  /** The key of the row an event changes, or undefined to skip it. */
  keyOf: (event: E) => Partial<RowOf<C>> | undefined;
  /** Pure: the row after the event (null removes it). */
  // Properties, not methods: the projectors' wiring is then held to the events
  // these take (a lean catch-up's events have no ids or metadata).
  evolve: (row: RowOf<C> | null, event: E) => RowOf<C> | null;
}

/**
 * A read model, in the shape the projectors' row adapter (`rowProjection`)
 * takes: `columns` are the SQL types. `schema` keeps the declared columns, from
 * which the query side derives its read-only MikroORM entity (`entityOf`, in
 * `@jokes/read-models/entities`, so the projectors never load MikroORM).
 */
export interface ReadModel<C extends Columns, E extends { type: string }> extends Omit<ReadModelDefinition<C, E>, 'columns'> {
  columns: { readonly [K in keyof C & string]: string };
  schema: C;
}

export function defineReadModel<C extends Columns, E extends { type: string }>(definition: ReadModelDefinition<C, E>): ReadModel<C, E> {
  const declared = Object.entries(definition.columns);
  return {
    ...definition,
    columns: Object.fromEntries(declared.map(([name, { sql }]) => [name, sql])) as ReadModel<C, E>['columns'],
    schema: definition.columns,
  };
}
