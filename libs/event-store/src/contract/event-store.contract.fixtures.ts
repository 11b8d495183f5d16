import { randomUUID } from 'node:crypto';
import type { EventStore } from '../port/event-store.port.js';
import { compareCursors, type Cursor, type StoredEvent } from '../port/types.js';

export const counted = (n: number) => ({ type: 'Counted', data: { n } });
export const newStreamId = () => `contract-${randomUUID()}`;
export const numbers = (events: readonly { data: unknown }[]) => events.map((event) => (event.data as { n: number }).n);

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Reads all after `from` until `done` says enough was seen. Waiting, not
 * stopping at the first empty read: on a shared PostgreSQL server another
 * suite's open transaction may hold committed events back for a moment.
 */
export async function readAllUntil(store: EventStore, from: Cursor, done: (seen: readonly StoredEvent[]) => boolean): Promise<StoredEvent[]> {
  const seen: StoredEvent[] = [];
  let cursor = from;
  while (!done(seen)) {
    const batch = await store.readAll(cursor, 100);
    if (batch.length === 0) {
      await pause();
      continue;
    }
    seen.push(...batch);
    cursor = batch[batch.length - 1]!;
  }
  return seen;
}

/** Waits until `head` has reached `position` (see `readAllUntil` for why it may lag). */
export async function headReaching(store: EventStore, position: Cursor): Promise<Cursor> {
  for (;;) {
    const head = await store.head();
    if (compareCursors(head, position) >= 0) return head;
    await pause();
  }
}
