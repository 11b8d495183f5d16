// Small helpers shared by the bench modules.
import pg from 'pg';

/** A pool whose idle connections may be closed by the server (DROP DATABASE ... FORCE) without crashing the bench. */
export function quietPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => undefined);
  return pool;
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function fmt(value: number): string {
  return Math.round(value).toLocaleString('en');
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
