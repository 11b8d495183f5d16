import pg from 'pg';

// bigint columns (positions, versions, counts) arrive as strings unless asked:
// counts are safe as numbers, positions are parsed as BigInt where they matter.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : value;
});

export function createPool(connectionString: string, applicationName: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: applicationName });
  // An idle client's connection error must not crash the process; the next query reconnects.
  pool.on('error', (error) => log('warn', 'postgres pool error', { error: error.message }));
  return pool;
}

type Level = 'debug' | 'info' | 'warn' | 'error';

/** Structured one-line JSON logs, the shape log shippers expect. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, service: process.env.SERVICE_NAME, message, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
