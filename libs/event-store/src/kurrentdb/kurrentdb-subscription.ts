import { END, START, type AllStreamResolvedEvent, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { sleep } from '../postgres/catch-up.js';
import type { Cursor, StoredEvent } from '../port/types.js';
import { isConnectionFailure } from './kurrentdb-errors.js';
import { cursorOf, isProductEvent, positionOf, toStoredEvent } from './kurrentdb-mapping.js';

export interface AllSubscriptionOptions {
  signal: AbortSignal;
  /** Most events per batch handed over. */
  batchSize: number;
  /** Wait after the connection dropped before subscribing again. */
  retryDelayMs: number;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

type Subscription = ReturnType<KurrentDBClient['subscribeToAll']>;

/**
 * KurrentDB's catch-up subscription to `$all` from a cursor (exclusive):
 * what was written after it, then every new event as it is written, as
 * batches of product events in `$all` order, until the signal aborts. A
 * dropped connection subscribes again from the last event handed over (the
 * client's own channel reconnects on the next call), so nothing is lost or
 * delivered twice; any other failure ends the iteration with it.
 */
export async function* subscribeToAllFrom(client: () => KurrentDBClient, after: Cursor | 'end', options: AllSubscriptionOptions): AsyncGenerator<StoredEvent[]> {
  let from = after;
  while (!options.signal.aborted) {
    const start = from === 'end' ? END : positionOf(from);
    const subscription = client().subscribeToAll({ fromPosition: start === 'start' ? START : start });
    const stop = () => {
      void subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    };
    options.signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const batch of batches(subscription, options.batchSize)) {
        // Moved past system events too, so a resubscription does not read them again.
        from = cursorOf(batch.at(-1)!.event!.position);
        const events = batch.filter(isProductEvent).map(toStoredEvent);
        if (events.length > 0) yield events;
      }
    } catch (error) {
      if (options.signal.aborted) return;
      if (!isConnectionFailure(error)) throw error;
      options.log?.('KurrentDB subscription dropped; subscribing again', { error: (error as Error).message });
    } finally {
      options.signal.removeEventListener('abort', stop);
      stop();
    }
    await sleep(options.retryDelayMs, options.signal);
  }
}

/** What the subscription has buffered, up to `size` at a time, waiting only for the first. */
async function* batches(subscription: Subscription, size: number): AsyncGenerator<AllStreamResolvedEvent[]> {
  const iterator = (subscription as AsyncIterable<AllStreamResolvedEvent>)[Symbol.asyncIterator]();
  for (;;) {
    const first = await iterator.next();
    if (first.done) return;
    const batch = [first.value];
    while (batch.length < size && subscription.readableLength > 0) {
      const next = await iterator.next();
      if (next.done) break;
      batch.push(next.value);
    }
    yield batch;
  }
}

/**
 * Wake-ups for catch-up readers (the projectors), from a live subscription:
 * `wait` ends when KurrentDB writes a product event, after `timeoutMs` at the
 * latest, or on abort. Like PostgreSQL's NOTIFY it is only a hint: readers
 * read `$all` from their checkpoint anyway, so a wake-up lost while the
 * subscription reconnects costs at most one timeout.
 */
export class KurrentDbWakeUps {
  private readonly waiters = new Set<() => void>();
  private readonly controller = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly client: () => KurrentDBClient,
    private readonly options: Pick<AllSubscriptionOptions, 'retryDelayMs' | 'log'>,
  ) {}

  async start(): Promise<void> {
    this.running ??= (async () => {
      for await (const _ of subscribeToAllFrom(this.client, 'end', { ...this.options, signal: this.controller.signal, batchSize: 1000 })) this.wakeAll();
    })().catch((error: unknown) => this.options.log?.('KurrentDB wake-ups ended', { error: (error as Error).message }));
  }

  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return sleep(timeoutMs, signal ?? this.controller.signal, this.waiters);
  }

  async stop(): Promise<void> {
    this.controller.abort();
    this.wakeAll();
    await this.running;
  }

  private wakeAll(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
