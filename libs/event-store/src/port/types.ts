/**
 * How an append checks the stream first: an exact version (0 = no events yet),
 * that the stream must not exist, that it must exist, or no check at all.
 */
export type ExpectedVersion = bigint | number | 'no_stream' | 'stream_exists' | 'any';

export interface EventMetadata {
  /** Ties together everything one user action caused. */
  correlationId?: string;
  /** The message (command or event) that directly caused this one. */
  causationId?: string;
  /** Who caused it: a user id, 'anonymous', 'system:billing-clock', ... */
  actor?: string;
  /** W3C trace context, so a trace spans request -> append -> projector. */
  traceparent?: string;
  /** The client's `Idempotency-Key` for the request, kept for audit (the HTTP layer answers a repeat with the first result). */
  idempotencyKey?: string;
  /** When the command was issued (ISO 8601), the time its decision was made with. */
  time?: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /** Supplied by the caller so a retried append writes once. Generated when absent. */
  eventId?: string;
  schemaVersion?: number;
  metadata?: EventMetadata;
}

export interface StoredEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  eventId: string;
  schemaVersion: number;
  metadata: EventMetadata;
  streamId: string;
  streamVersion: bigint;
  globalPosition: bigint;
  transactionId: bigint;
  createdAt: Date;
}

/** A position in the all-events order: (transaction id, global position). */
export interface Cursor {
  transactionId: bigint;
  globalPosition: bigint;
}

export const START: Cursor = Object.freeze({ transactionId: 0n, globalPosition: 0n });

export interface AppendResult {
  /** The stream's version after the append: the expected version for the next one. */
  nextExpectedVersion: bigint;
  /** Cursor of the last event written, for read-your-writes. */
  position: Cursor;
  /** True when every event id was already stored: a retry that wrote nothing. */
  duplicate: boolean;
}

export function compareCursors(a: Cursor, b: Cursor): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.globalPosition !== b.globalPosition) return a.globalPosition < b.globalPosition ? -1 : 1;
  return 0;
}

/** The opaque token a command returns and a query accepts: `{transactionId}.{globalPosition}`. */
export function formatCursor(cursor: Cursor): string {
  return `${cursor.transactionId}.${cursor.globalPosition}`;
}

export function parseCursor(token: string): Cursor | undefined {
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(token.trim());
  if (!match) return undefined;
  return { transactionId: BigInt(match[1]!), globalPosition: BigInt(match[2]!) };
}
