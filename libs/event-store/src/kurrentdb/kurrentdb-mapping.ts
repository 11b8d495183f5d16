import type { AppendStreamState, EventData, JSONType, Position, ResolvedEvent } from '@kurrent/kurrentdb-client';
import { START, type Cursor, type EventMetadata, type ExpectedVersion, type NewEvent, type StoredEvent } from '../port/types.js';

/**
 * How the port's words map onto KurrentDB's, in pure functions.
 *
 * Versions: the port numbers a stream's events from 1 (version 0 = no events),
 * KurrentDB from revision 0, so revision = version - 1 both ways, and the
 * product's versions are the same whichever store keeps them.
 *
 * Cursors: a KurrentDB `$all` position is `{ commit, prepare }`, ordered by
 * commit then prepare, exactly as a cursor is ordered by transaction id then
 * global position; so `transactionId = commit` and `globalPosition = prepare`.
 * Both are unsigned 64-bit log offsets (commit fits PostgreSQL's xid8 column of
 * the checkpoints; prepare its bigint one, up to 2^63 bytes of log). An event
 * written by a gRPC append is committed implicitly, so its two numbers are
 * equal; they are kept apart anyway, as KurrentDB reports them. Cursors of
 * PostgreSQL and of KurrentDB mean different things: switching stores means
 * rebuilding the read models (their checkpoints start again from START).
 */

/** The one metadata key the adapter adds to an event's JSON metadata, and removes again on reading. */
export const STORE_METADATA_KEY = '$store';

interface StoreMetadata {
  /** Only when not 1: the schema version of `data`. */
  schemaVersion?: number;
  /** The append that wrote the event, when the caller chose its ids (see `KurrentDbEventStore.append`). */
  appendId?: string;
}

export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (typeof expected === 'string') return expected;
  const version = BigInt(expected);
  // Version 0 is "no events yet": KurrentDB's no_stream, which also refuses a stream that exists.
  return version === 0n ? 'no_stream' : version - 1n;
}

export const versionOf = (revision: bigint): bigint => revision + 1n;
export const revisionOf = (version: bigint): bigint => version - 1n;

export function cursorOf(position: Position): Cursor {
  return { transactionId: position.commit, globalPosition: position.prepare };
}

/** Where a read or subscription of `$all` after `cursor` starts; START is the beginning of the log. */
export function positionOf(cursor: Cursor): Position | 'start' {
  if (cursor.transactionId === START.transactionId && cursor.globalPosition === START.globalPosition) return 'start';
  return { commit: cursor.transactionId, prepare: cursor.globalPosition };
}

export function toEventData(event: NewEvent, eventId: string, appendId?: string): EventData {
  const store: StoreMetadata = {};
  if ((event.schemaVersion ?? 1) !== 1) store.schemaVersion = event.schemaVersion;
  if (appendId) store.appendId = appendId;
  const metadata: Record<string, unknown> = { ...(event.metadata ?? {}) };
  if (Object.keys(store).length > 0) metadata[STORE_METADATA_KEY] = store;
  return {
    id: eventId,
    contentType: 'application/json',
    type: event.type,
    // JSON as the client writes it (a Date becomes its ISO string); null for no data, which JSON cannot leave out.
    data: (event.data ?? null) as JSONType,
    metadata,
  };
}

/** KurrentDB's own events ($-types: stream metadata, projections, stats) and links are not the product's. */
export function isProductEvent(resolved: ResolvedEvent): boolean {
  const event = resolved.event;
  return event !== undefined && resolved.link === undefined && !event.type.startsWith('$') && !event.streamId.startsWith('$');
}

/** The port's view of a product event (see `isProductEvent`); the position is the event's own `$all` position. */
export function toStoredEvent(resolved: ResolvedEvent): StoredEvent {
  const event = resolved.event!;
  if (!event.position) throw new Error(`KurrentDB sent event ${event.id} of ${event.streamId} without its $all position (a server before 22.10?)`);
  const { [STORE_METADATA_KEY]: store, ...metadata } = (isRecord(event.metadata) ? event.metadata : {}) as Record<string, unknown>;
  const cursor = cursorOf(event.position);
  return {
    type: event.type,
    data: event.data,
    eventId: event.id,
    schemaVersion: (store as StoreMetadata | undefined)?.schemaVersion ?? 1,
    metadata: metadata as EventMetadata,
    streamId: event.streamId,
    streamVersion: versionOf(event.revision),
    globalPosition: cursor.globalPosition,
    transactionId: cursor.transactionId,
    createdAt: event.created,
  };
}

/** The append id an event was written with, if its ids were chosen by the caller. */
export function appendIdOf(resolved: ResolvedEvent): string | undefined {
  const metadata = resolved.event?.metadata;
  const store = isRecord(metadata) ? (metadata[STORE_METADATA_KEY] as StoreMetadata | undefined) : undefined;
  return store?.appendId;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
