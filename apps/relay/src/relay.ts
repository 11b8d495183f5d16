import type pg from 'pg';
import { advisoryLockOwnership, WorkerLifecycle, type Ownership, type Cursor, type EventStore } from '@jokes/event-store';
import type { EventPublisher } from './event-publisher.port.js';
import { advanceRelayCheckpoint, loadRelayCheckpoint } from './relay-checkpoint.js';
import { toRelayMessage } from './relay-message.js';

/** How often a standby tries the lock: the longest a takeover waits after the owner died. */
const STANDBY_POLL_MS = 500;

export interface RelayOptions {
  /** Where the checkpoint row lives (the product's PostgreSQL). */
  pool: pg.Pool;
  /** For the ownership lock's own connection. */
  connectionString: string;
  /** The events, in the order `readAll` gives them (per stream, version order). */
  store: Pick<EventStore, 'subscribe'>;
  publisher: EventPublisher;
  /** The checkpoint's name and the lock's (`relay:{topic}`). */
  name: string;
  batchSize: number;
  pollIntervalMs: number;
  log?: (message: string) => void;
}

export type RelayState = 'standby' | 'live' | 'stopped';

export class RelayOwnershipLostError extends Error {
  override readonly name = 'RelayOwnershipLostError';
  constructor(relay: string) {
    super(`${relay}: the checkpoint moved under this relay (another one owns it now)`);
  }
}

/**
 * Publishes every event once the lock is its own: a bounded batch goes to the
 * publisher, and only after the broker acknowledged all of it does the
 * checkpoint move (compare-and-set). Nothing is read ahead, so a slow broker
 * slows the relay instead of filling its memory. A crash at any point loses
 * nothing: the next owner starts from the checkpoint and sends again at most
 * the one batch that was in flight.
 */
export class Relay {
  state: RelayState = 'standby';
  /** Cursor of the last acknowledged batch. */
  position: Cursor = { transactionId: 0n, globalPosition: 0n };
  /** Events acknowledged by the broker since this relay started. */
  published = 0;
  private readonly lifecycle = new WorkerLifecycle();
  private readonly ownership: Ownership;

  constructor(private readonly options: RelayOptions) {
    // A lost lock connection is noticed by the checkpoint's compare-and-set.
    this.ownership = advisoryLockOwnership(options.connectionString, options.name, { applicationName: 'relay-lock', onConnectionError: () => undefined });
  }

  /** Runs until stopped; rejects when a batch or the database fails (the host starts a fresh relay). */
  start(): Promise<void> {
    return this.lifecycle.start(() => this.run());
  }

  /** Lets a batch in flight finish (acknowledged and checkpointed), then releases the lock. */
  async stop(): Promise<void> {
    await this.lifecycle.stop();
    await this.ownership.release();
    this.state = 'stopped';
  }

  private async run(): Promise<void> {
    const { signal } = this.lifecycle;
    const { name, pool, publisher } = this.options;
    const log = this.options.log ?? (() => undefined);
    await this.ownership.acquire(signal, () => this.lifecycle.pause(STANDBY_POLL_MS), () => log(`${name}: another process owns it; standing by`));
    if (signal.aborted) return;
    let cursor = await loadRelayCheckpoint(pool, name);
    this.position = cursor;
    this.state = 'live';
    log(`${name}: live from ${cursor.transactionId}.${cursor.globalPosition}`);
    const batches = this.options.store.subscribe(cursor, { signal, batchSize: this.options.batchSize, idleMs: this.options.pollIntervalMs });
    for await (const events of batches) {
      await publisher.publish(events.map(toRelayMessage));
      const last = events[events.length - 1]!;
      const next = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      if (!(await advanceRelayCheckpoint(pool, name, cursor, next))) throw new RelayOwnershipLostError(name);
      cursor = next;
      this.position = next;
      this.published += events.length;
      // Stopping between batches: the one just sent is acknowledged and recorded.
      if (signal.aborted) break;
    }
  }
}
