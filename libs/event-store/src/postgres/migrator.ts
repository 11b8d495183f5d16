import type pg from 'pg';

export interface Migration {
  /** Increasing, never reused. */
  version: number;
  name: string;
  sql: string;
}

/**
 * Applies a component's migrations in order, each in its own transaction, under
 * one advisory lock shared by every component: processes and components starting
 * together would otherwise race to create the bookkeeping table itself.
 */
export async function migrate(pool: pg.Pool, component: string, migrations: readonly Migration[]): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['schema_migrations']);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      component text NOT NULL,
      version integer NOT NULL,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (component, version))`);
    const done = await client.query<{ version: number }>('SELECT version FROM schema_migrations WHERE component = $1', [component]);
    const have = new Set(done.rows.map((row) => row.version));
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (have.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (component, version, name) VALUES ($1, $2, $3)', [
          component,
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
        applied.push(migration.version);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${component} ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['schema_migrations']).catch(() => undefined);
    client.release();
  }
  return applied;
}
