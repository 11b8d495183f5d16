import type pg from 'pg';

/**
 * Resolves once every named projection's rebuild has made its shadow table
 * (it is about to join the shared reads and read), and a moment more for it to
 * join. Specs of rebuilds that share pages hold their reads on it: rebuilds
 * started together join at different times on a loaded machine.
 */
export async function shadowTablesMade(pool: pg.Pool, projections: readonly string[]): Promise<void> {
  const shadows = projections.map((name) => `${name}__rebuild`);
  for (;;) {
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_tables WHERE tablename = ANY($1)', [shadows]);
    if (rows[0]!.count === shadows.length) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
