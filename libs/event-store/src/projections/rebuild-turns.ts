import pg from 'pg';

const RETRY_MS = 250;

/**
 * One rebuild of a projection at a time, across processes: `npm run replay` may
 * start while a projector rebuilds the same projection after a version change,
 * and both build into the projection's shadow tables, so one would drop or write
 * into the other's. The turn is a session advisory lock on a connection of its
 * own (not one of the pool's, which the rebuild and its neighbours need for the
 * work itself); ending that session gives the turn back, so a rebuild that dies
 * cannot keep it.
 *
 * Resolves with the function that gives the turn back.
 */
export async function takeRebuildTurn(pool: pg.Pool, projection: string, log?: (message: string) => void): Promise<() => Promise<void>> {
  const client = new pg.Client(pool.options);
  // A lost connection loses the turn; the rebuild's own queries (on the pool) report the outage.
  client.on('error', () => undefined);
  await client.connect();
  const giveBack = () => client.end().catch(() => undefined);
  try {
    let waiting = false;
    for (;;) {
      const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [`rebuild:${projection}`]);
      if (result.rows[0]?.locked) return giveBack;
      if (!waiting) log?.(`projection ${projection}: another rebuild of it is running; this one starts when it has finished`);
      waiting = true;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  } catch (error) {
    await giveBack();
    throw error;
  }
}
