/**
 * The request-context headers every call may carry, as the product accepts
 * them. Their values are copied into the metadata of every event a command
 * appends and echoed in answers, so only a well-formed, bounded value is kept:
 * anything else is as if the header were absent (a new id, a new trace).
 */
export const CORRELATION_ID_HEADER = 'x-correlation-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** W3C Trace Context, version 00: `00-{trace id: 32 hex}-{parent id: 16 hex}-{flags: 2 hex}`, lower case. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** A header sent twice arrives as a list (or, joined by Node, as one string that is no longer well-formed). */
const single = (header: string | readonly string[] | undefined): string | undefined => (typeof header === 'string' ? header.trim() : undefined);

/** The correlation id a request sent, if it is a UUID (lower-cased: one spelling per id); else undefined. */
export function correlationIdOf(header: string | readonly string[] | undefined): string | undefined {
  const value = single(header);
  return value !== undefined && UUID.test(value) ? value.toLowerCase() : undefined;
}

/**
 * The `traceparent` a request sent, if it is a valid version-00 one (the
 * spec makes an all-zero trace or parent id invalid); else undefined, and
 * the command starts a trace of its own.
 */
export function traceparentOf(header: string | readonly string[] | undefined): string | undefined {
  const value = single(header);
  const match = value === undefined ? null : TRACEPARENT.exec(value);
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return undefined;
  return value;
}
