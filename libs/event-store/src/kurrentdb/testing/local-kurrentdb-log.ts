/**
 * The storage side of the local KurrentDB server: an in-memory transaction
 * log with KurrentDB's rules, so the adapter is tested against the answers a
 * real server gives, not against what the adapter hopes for.
 *
 * - Stream revisions start at 0; the log position of every event is a byte
 *   offset that grows by the record's size, and an event written by a gRPC
 *   append is committed implicitly, so its commit and prepare positions are
 *   the same number (KurrentDB >= 22.10 reports them on stream reads too).
 * - The expected-revision check and the idempotency rules are those of
 *   KurrentDB's `IndexWriter.CheckCommit`: a write whose event ids are already
 *   at the revisions after the expected one (or, with `any`/`stream_exists`,
 *   in the recently committed events of the same stream) succeeds again
 *   without writing and answers the first write's revision and position; a
 *   write whose first id matches but a later one does not is "corrupted
 *   idempotency" and answers wrong expected version. Ids are compared, never
 *   content, and an id used on another stream is written again.
 * - Reading $all forwards from a position includes the event at it; a
 *   subscription from a position starts after it.
 *
 * What it leaves out: the committed-events cache is not bounded here (a real
 * server forgets old ids, so `any` is only best-effort idempotent there),
 * deletes, links, system projections, ACLs and clustering.
 */

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface ProposedEvent {
  eventId: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}

export interface LoggedEvent extends ProposedEvent {
  streamId: string;
  revision: bigint;
  /** Commit and prepare position alike (implicit transaction). */
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as KurrentDB sends `created`. */
  createdTicks: bigint;
}

export type AppendOutcome =
  | { kind: 'written' | 'idempotent'; currentRevision: bigint; position: bigint }
  | { kind: 'wrong_expected_version'; currentRevision: bigint | undefined; expected: ExpectedRevision };

export type ReadFrom<P> = 'start' | 'end' | P;

/** Where the first record goes: a real log starts with its own system records. */
const FIRST_POSITION = 1_024n;
/** Bytes a prepare record takes besides its payload (an approximation: only growth matters). */
const RECORD_OVERHEAD = 96n;

export class LocalKurrentDbLog {
  private readonly records: LoggedEvent[] = [];
  private readonly streams = new Map<string, LoggedEvent[]>();
  /** KurrentDB's committed-events cache: event id -> the event last written with it. */
  private readonly committed = new Map<string, LoggedEvent>();
  private readonly listeners = new Set<(events: readonly LoggedEvent[]) => void>();
  private nextPosition = FIRST_POSITION;

  constructor(private readonly now: () => Date = () => new Date()) {}

  append(streamId: string, expected: ExpectedRevision, events: readonly ProposedEvent[]): AppendOutcome {
    const stream = this.streams.get(streamId) ?? [];
    const current = stream.length === 0 ? -1n : BigInt(stream.length - 1);
    const refuse = (): AppendOutcome => ({ kind: 'wrong_expected_version', currentRevision: current < 0n ? undefined : current, expected });

    if (expected === 'stream_exists' && current < 0n) return refuse();
    if (expected === 'any' || expected === 'stream_exists') {
      const found = events.map((event) => this.committed.get(event.eventId));
      const firstKnown = found[0]?.streamId === streamId;
      if (!firstKnown) return this.write(streamId, stream, events);
      if (!found.every((event) => event?.streamId === streamId)) return refuse(); // corrupted idempotency
      return this.idempotent(found.at(-1)!);
    }

    const expectedNumber = expected === 'no_stream' ? -1n : expected;
    if (expectedNumber > current) return refuse();
    if (expectedNumber === current) return this.write(streamId, stream, events);
    // Writing earlier than the end: a retry of the events already there, or a conflict.
    for (let index = 0; index < events.length; index++) {
      const there = stream[Number(expectedNumber) + 1 + index];
      if (there?.eventId !== events[index]!.eventId) return refuse(); // index > 0: corrupted idempotency, same answer
    }
    return this.idempotent(stream[Number(expectedNumber) + events.length]!);
  }

  /** Events of a stream from a revision; undefined when the stream does not exist. */
  readStream(streamId: string, direction: 'forwards' | 'backwards', from: ReadFrom<bigint>, count: bigint): LoggedEvent[] | undefined {
    const stream = this.streams.get(streamId);
    if (!stream) return undefined;
    if (direction === 'forwards') {
      const first = from === 'start' ? 0 : from === 'end' ? stream.length : Number(from);
      return stream.slice(first, first + limit(count));
    }
    const last = from === 'end' ? stream.length - 1 : from === 'start' ? 0 : Math.min(Number(from), stream.length - 1);
    return stream.slice(Math.max(0, last + 1 - limit(count)), last + 1).reverse();
  }

  /** $all forwards from a position (inclusive) or backwards from it (exclusive). */
  readAll(direction: 'forwards' | 'backwards', from: ReadFrom<bigint>, count: bigint): LoggedEvent[] {
    if (direction === 'forwards') {
      const first = from === 'start' ? 0 : from === 'end' ? this.records.length : this.records.findIndex((event) => event.position >= from);
      return first < 0 ? [] : this.records.slice(first, first + limit(count));
    }
    const before = from === 'end' ? this.records.length : from === 'start' ? 0 : this.records.filter((event) => event.position < from).length;
    return this.records.slice(Math.max(0, before - limit(count)), before).reverse();
  }

  /** Events after `after` (exclusive), as a subscription from it catches up. */
  after(after: ReadFrom<bigint>): LoggedEvent[] {
    if (after === 'end') return [];
    return after === 'start' ? [...this.records] : this.records.filter((event) => event.position > after);
  }

  /** Called with each write's events, after they are in the log. */
  onWritten(listener: (events: readonly LoggedEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get lastPosition(): bigint | undefined {
    return this.records.at(-1)?.position;
  }

  private write(streamId: string, stream: LoggedEvent[], events: readonly ProposedEvent[]): AppendOutcome {
    const createdTicks = BigInt(this.now().getTime()) * 10_000n;
    const written = events.map((event, index): LoggedEvent => {
      const position = this.nextPosition;
      this.nextPosition += RECORD_OVERHEAD + BigInt(event.data.length + event.metadata.length + event.type.length + streamId.length);
      return { ...event, streamId, revision: BigInt(stream.length + index), position, createdTicks };
    });
    stream.push(...written);
    this.streams.set(streamId, stream);
    this.records.push(...written);
    for (const event of written) this.committed.set(event.eventId, event);
    for (const listener of [...this.listeners]) listener(written);
    const last = written.at(-1)!;
    return { kind: 'written', currentRevision: last.revision, position: last.position };
  }

  private idempotent(last: LoggedEvent): AppendOutcome {
    return { kind: 'idempotent', currentRevision: last.revision, position: last.position };
  }
}

function limit(count: bigint): number {
  return count > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(count);
}
