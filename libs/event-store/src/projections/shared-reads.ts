import type { EventData } from '../postgres/read-all-data.js';
import { compareCursors, START, type Cursor } from '../port/types.js';
import type { EventSource } from './projector.js';

/** One page of events after a cursor: whole events, or only what a lean reader reads. */
type ReadPage = (after: Cursor, limit: number) => Promise<EventData[]>;

/** Pages kept for the catch-ups behind before the one ahead of them all waits for them to catch up. */
const MAX_KEPT_PAGES = 4;

interface Reader {
  /** Where its next read starts. */
  next: Cursor;
  /** The page it asked for last (at `next`); none yet when it joined. */
  asked?: string;
}

interface Page {
  events: Promise<EventData[]>;
  /** The readers behind it when it was read: they come to the same cursor and take it. */
  waiting: Set<Reader>;
}

/**
 * The catch-ups of one process that read the same events from the start (a
 * projector host whose projections all rebuild at once) read each page once:
 * a page read at a cursor is kept for the catch-ups behind it, which read from
 * the same cursors in turn (same batch size, same start). A page of `limit`
 * events is the same whoever reads it later (its events are below the oldest
 * transaction that was running, so nothing can join them); a shorter last page
 * is a prefix of what a later read returns, which a rebuild reads anyway in its
 * swap. The one ahead of all others waits when MAX_KEPT_PAGES are kept, so
 * memory stays bounded; the others never wait.
 */
class SharedReads {
  private readonly pages = new Map<string, Page>();
  private readonly readers = new Set<Reader>();
  private spaceWaiters: (() => void)[] = [];

  constructor(private readonly readPage: ReadPage) {}

  join(): Reader {
    const reader: Reader = { next: START };
    this.readers.add(reader);
    return reader;
  }

  leave(reader: Reader): void {
    this.readers.delete(reader);
    for (const [key, page] of this.pages) this.taken(key, page, reader);
  }

  async read(reader: Reader, after: Cursor, limit: number): Promise<EventData[]> {
    const key = `${after.transactionId}.${after.globalPosition}:${limit}`;
    reader.next = after;
    reader.asked = key;
    const kept = this.pages.get(key);
    if (kept) {
      this.taken(key, kept, reader);
      return [...(await kept.events)];
    }
    while (this.pages.size >= MAX_KEPT_PAGES && !this.othersAhead(reader, after)) {
      await new Promise<void>((resolve) => this.spaceWaiters.push(resolve));
    }
    const events = this.readPage(after, limit);
    // Those behind, and those at this cursor that have not asked for it yet (catch-ups that start together).
    const waiting = new Set(
      [...this.readers].filter((other) => {
        if (other === reader) return false;
        const order = compareCursors(other.next, after);
        return order < 0 || (order === 0 && other.asked !== key);
      }),
    );
    if (waiting.size > 0) {
      this.pages.set(key, { events, waiting });
      events.catch(() => this.drop(key));
    }
    return [...(await events)];
  }

  private othersAhead(reader: Reader, after: Cursor): boolean {
    for (const other of this.readers) if (other !== reader && compareCursors(other.next, after) > 0) return true;
    return false;
  }

  private taken(key: string, page: Page, reader: Reader): void {
    page.waiting.delete(reader);
    if (page.waiting.size === 0) this.drop(key);
  }

  private drop(key: string): void {
    if (!this.pages.delete(key)) return;
    const waiters = this.spaceWaiters;
    this.spaceWaiters = [];
    for (const wake of waiters) wake();
  }
}

const bySource = new WeakMap<EventSource, Map<string, SharedReads>>();

/**
 * A catch-up's reads from the start of `source`, shared with the other catch-ups
 * of this process reading it the same way (`shape` names it: catch-ups that read
 * only type and data share their pages, not those of whole events); `readPage`
 * reads a page when none is kept. `leave` when done.
 */
export function sharedReads(source: EventSource, shape: string, readPage: ReadPage): { read(after: Cursor, limit: number): Promise<EventData[]>; leave(): void } {
  let shapes = bySource.get(source);
  if (!shapes) bySource.set(source, (shapes = new Map()));
  let shared = shapes.get(shape);
  if (!shared) shapes.set(shape, (shared = new SharedReads(readPage)));
  const group = shared;
  const reader = group.join();
  return { read: (after, limit) => group.read(reader, after, limit), leave: () => group.leave(reader) };
}
