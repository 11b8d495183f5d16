import pg from 'pg';
import { log } from './log.js';

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
