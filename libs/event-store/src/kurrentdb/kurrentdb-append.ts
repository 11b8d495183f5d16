import { StreamNotFoundError, type KurrentDBClient, type ResolvedEvent } from '@kurrent/kurrentdb-client';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../port/errors.js';
import type { AppendResult, ExpectedVersion, NewEvent } from '../port/types.js';
import { toWrongExpectedVersion, type KurrentWrongExpectedVersionError } from './kurrentdb-errors.js';
import { appendIdOf, cursorOf, toStreamState, versionOf } from './kurrentdb-mapping.js';
import { asJson, sameJson } from '../port/json-values.js';

/**
 * KurrentDB deduplicates by event id but answers a repeated append exactly as
 * the first one (same revision, same position), whether the content under
 * those ids is the same or not. The port wants more: `duplicate: true` for a
 * retry, and `DuplicateEventIdError` for other content under an id. So an
 * append whose ids the caller chose (only those can repeat) carries a fresh
 * `appendId` in each event's metadata, and its answer is checked by reading
 * the events back: our append id means we wrote them; another one means an
 * earlier append did, and then type and data must be the same. Appends with
 * generated ids skip all this (one round trip).
 *
 * KurrentDB recognises a repeated id for certain only at an exact expected
 * version (it looks at the stream); with `any` or `stream_exists` it looks in
 * a bounded cache of recent ids, so an old retry may be written again. The
 * product's retried appends (handleCommand) use exact versions.
 */

interface Reader {
  readonly client: KurrentDBClient;
  retrying<T>(operation: string, read: () => Promise<T>): Promise<T>;
}

export async function confirmChosenIds(
  store: Reader,
  append: { streamId: string; events: readonly NewEvent[]; ids: readonly string[]; appendId: string },
  currentRevision: bigint,
): Promise<AppendResult> {
  const first = currentRevision - BigInt(append.events.length) + 1n;
  const stored = await readRevisions(store, append.streamId, first, append.events.length);
  if (stored.length !== append.events.length || stored.some((resolved, index) => resolved.event!.id !== append.ids[index])) {
    throw new Error(`KurrentDB answered an append to ${append.streamId} with revisions that hold other events`);
  }
  const last = cursorOf(stored.at(-1)!.event!.position!);
  const result = { nextExpectedVersion: versionOf(currentRevision), position: last };
  if (appendIdOf(stored.at(-1)!) === append.appendId) return { ...result, duplicate: false };
  const same = stored.every((resolved, index) => resolved.event!.type === append.events[index]!.type && sameJson(resolved.event!.data, asJson(append.events[index]!.data)));
  if (!same) throw new DuplicateEventIdError(append.streamId);
  return { ...result, duplicate: true };
}

/**
 * What a wrong expected version from KurrentDB means here. With ids the
 * caller chose it may be KurrentDB's "corrupted idempotency": the first id is
 * already at the next revision but a later one is not (an append that reuses
 * only some ids), which the port calls `DuplicateEventIdError`. With `any`
 * that is the only way to fail; with `stream_exists` once the stream exists;
 * with an exact version when the event after it carries our first id.
 */
export async function refusal(
  store: Reader,
  append: { streamId: string; expected: ExpectedVersion; ids: readonly string[]; chosen: boolean },
  error: KurrentWrongExpectedVersionError,
): Promise<WrongExpectedVersionError | DuplicateEventIdError> {
  const refused = toWrongExpectedVersion(error, append.streamId, append.expected);
  if (!append.chosen || !refused.streamExists) return refused;
  const state = toStreamState(append.expected);
  if (state === 'any' || state === 'stream_exists') return new DuplicateEventIdError(append.streamId);
  const next = state === 'no_stream' ? 0n : state + 1n;
  const [after] = await readRevisions(store, append.streamId, next, 1);
  return after?.event?.id === append.ids[0] ? new DuplicateEventIdError(append.streamId) : refused;
}

async function readRevisions(store: Reader, streamId: string, fromRevision: bigint, count: number): Promise<ResolvedEvent[]> {
  return store.retrying('readBack', async () => {
    const events: ResolvedEvent[] = [];
    try {
      for await (const resolved of store.client.readStream(streamId, { fromRevision, maxCount: count })) if (resolved.event) events.push(resolved);
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  });
}
