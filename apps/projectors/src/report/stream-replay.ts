import { compareCursors, START, type Cursor, type EventData, type EventStore } from '@jokes/event-store';

/** What a replay reads: any store through the port (KurrentDB), or one with the PostgreSQL store's lean `readAllData`. */
export interface ReplaySource extends Pick<EventStore, 'readAll' | 'head'> {
  readAllData?(after: Cursor, limit: number, options: { types?: readonly string[] }): Promise<EventData[]>;
}

export interface ReplayProgress {
  events: number;
  position: Cursor;
  head: Cursor;
}

export interface StreamReplayOptions {
  /** Events per page. */
  batchSize?: number;
  /** Only these event types (the rest would be read only to be skipped). */
  types?: readonly string[];
  onProgress?: (progress: ReplayProgress) => void;
}

/**
 * Hands every event from position zero up to the head the store showed at the
 * start to `apply`, in stream order: what was appended later is left out, so
 * a run's figures are those of the position it prints. On PostgreSQL it reads
 * with `readAllData` (readAll's order and visibility, type and data only),
 * elsewhere with the port's `readAll`; it reads the next page while the current
 * one is applied.
 */
export async function replayStream(store: ReplaySource, apply: (event: EventData) => void, options: StreamReplayOptions = {}): Promise<{ head: Cursor; events: number }> {
  const batchSize = options.batchSize ?? 10_000;
  const head = await store.head();
  let events = 0;
  if (compareCursors(head, START) === 0) return { head, events };
  const wanted = options.types && new Set<string>(options.types);
  const read = async (after: Cursor): Promise<EventData[]> =>
    store.readAllData ? store.readAllData(after, batchSize, { types: options.types }) : store.readAll(after, batchSize);
  let next: Promise<EventData[]> = read(START);
  for (;;) {
    const page = await next;
    if (page.length === 0) break;
    const last = page[page.length - 1]!;
    const beyondHead = compareCursors(last, head) > 0;
    const more = page.length === batchSize && compareCursors(last, head) < 0;
    if (more) {
      next = read(last);
      // Awaited on the next turn; a failure meanwhile must not go unhandled.
      next.catch(() => undefined);
    }
    for (const event of page) {
      // Only the last page can pass the head: later appends are not this run's.
      if (beyondHead && compareCursors(event, head) > 0) break;
      if (wanted && !wanted.has(event.type)) continue;
      apply(event);
      events++;
    }
    options.onProgress?.({ events, position: beyondHead ? head : last, head });
    if (!more) break;
  }
  return { head, events };
}
