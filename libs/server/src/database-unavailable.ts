/**
 * Failures that mean "PostgreSQL cannot be reached right now", not "this
 * request is wrong" nor "our code is wrong": the server is down, restarting or
 * refusing connections, or the pool could not get one in time. The APIs answer
 * them 503 with a Retry-After, because the same request will work once the
 * database is back (the supervisor restarts it).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now (starting up,
// recovering after a crash), too_many_connections; class 08 is connection exceptions.
const SQL_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// pg and pg-pool say these without a code.
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/** Seconds a client should wait before retrying: about how long the supervisor needs to bring PostgreSQL back. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable for a moment. Please try again in a few seconds.';

/** Walks the error and its causes (ORMs and handlers wrap driver errors). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    // An HTTP call (fetch) refused is another service, not the database.
    if (message === 'fetch failed') return false;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQL_STATES.has(code) || code.startsWith('08'))) return true;
    if (name === 'ConnectionException') return true;
    // The event store of record when it is KurrentDB (libs/event-store: the server is down, restarting or too slow).
    if (name === 'EventStoreUnavailableError') return true;
    if (typeof message === 'string' && MESSAGES.some((known) => message.includes(known))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
