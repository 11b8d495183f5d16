import type { SubscribeOptions } from '../port/event-store.port.js';
import type { Cursor, StoredEvent } from '../port/types.js';

export interface CatchUpSource {
  readAll(after: Cursor, limit: number): Promise<StoredEvent[]>;
  /** Resolves when events after `after` may exist, after `idleMs` at the latest, or when `signal` aborts. */
  waitForEvents(after: Cursor, idleMs: number, signal: AbortSignal): Promise<void>;
}

/**
 * The subscription loop every store shares: read a batch, hand it over, move
 * the cursor to its last event; when there is nothing, wait for a wake-up.
 * Reading is the real mechanism, the wake-up only a hint, so a lost one costs
 * at most `idleMs`.
 */
export async function* catchUp(source: CatchUpSource, after: Cursor, options: SubscribeOptions): AsyncGenerator<StoredEvent[]> {
  const batchSize = options.batchSize ?? 1000;
  const idleMs = options.idleMs ?? 250;
  let cursor = after;
  while (!options.signal.aborted) {
    const batch = await source.readAll(cursor, batchSize);
    if (batch.length === 0) {
      await source.waitForEvents(cursor, idleMs, options.signal);
      continue;
    }
    const last = batch[batch.length - 1]!;
    cursor = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    yield batch;
  }
}

/** A timer that an abort ends early, and so does a call of any function in `wakeUps` while it runs. */
export function sleep(ms: number, signal: AbortSignal, wakeUps?: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      wakeUps?.delete(done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    wakeUps?.add(done);
    signal.addEventListener('abort', done, { once: true });
  });
}
