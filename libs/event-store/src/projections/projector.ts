import type { EventStore } from '../port/event-store.port.js';
import type { PostgresEventStore } from '../postgres/postgres-event-store.js';
import type { Cursor, StoredEvent } from '../port/types.js';
import { beginBatch, commitBatch } from './batch-transaction.js';
import { CheckpointAdvances } from './checkpoint-advances.js';
import { readCheckpoint, type Checkpoint } from './checkpoints.js';
import { physicalTables, type Projection } from './projection.js';
import { rebuildProjection } from './rebuild.js';
import { traceProjectionBatch } from '../tracing/projection-spans.js';
import type { WakeUpListener } from './wake-up-listener.js';
import { WorkerLifecycle } from '../workers/worker-lifecycle.js';
import { advisoryLockOwnership, type AdvisoryLockSession, type Ownership } from '../workers/advisory-lock-ownership.js';

export interface ProjectorOptions {
  connectionString: string;
  batchSize?: number;
  /** Idle polling interval; NOTIFY usually wakes the projector sooner. */
  pollIntervalMs?: number;
  /**
   * After a batch that was not full, the time before the next read (default 10 ms): under
   * load the events of that time come as one batch, one transaction, instead of a batch
   * per notification. A lone event is still read at once; what follows it waits at most this.
   * After a busy batch the wait is longer (`windowAfter`).
   */
  batchWindowMs?: number;
  /** Ends idle waits early: PostgreSQL's NOTIFY listener, or KurrentDB's live subscription (`KurrentDbEventStore.wakeUps()`). */
  listener?: Pick<WakeUpListener, 'wait'>;
  /**
   * Where the events come from when they are not in the PostgreSQL store: the
   * KurrentDB store. Checkpoints and read models stay in PostgreSQL either way.
   */
  events?: EventSource;
  log?: (message: string) => void;
  /** The session its lock is held on, shared with the other projectors of its process; otherwise a connection of its own. */
  lockSession?: AdvisoryLockSession;
}

/** The reads a projector makes of the event store. */
export type EventSource = Pick<EventStore, 'readAll' | 'head'>;

/** `starting` until it knows whether it owns the projection; `standby` while another process does (a hot spare: healthy). */
export type ProjectorState = 'starting' | 'standby' | 'rebuilding' | 'live' | 'stopped';

/**
 * Runs one projection: it owns the projection through a session advisory lock
 * (a second process waits as a hot standby), and applies each batch in the
 * transaction that advances the checkpoint, with a compare-and-set on it.
 */
export class Projector {
  state: ProjectorState = 'starting';
  /** Cursor of the last applied batch (for health and tests). */
  position: Cursor = { transactionId: 0n, globalPosition: 0n };
  private readonly lifecycle = new WorkerLifecycle();
  private readonly ownership: Ownership;

  constructor(
    private readonly store: PostgresEventStore,
    readonly projection: Projection,
    private readonly options: ProjectorOptions,
  ) {
    const lock = `projector:${projection.name}`;
    this.ownership =
      options.lockSession?.ownership(lock) ??
      advisoryLockOwnership(options.connectionString, lock, {
        onConnectionError: (error) => this.log(`projector ${projection.name}: lock connection lost: ${error.message}`),
      });
  }

  start(): Promise<void> {
    return this.lifecycle.start(() => this.run());
  }

  async stop(): Promise<void> {
    await this.lifecycle.stop();
    await this.ownership.release();
    this.state = 'stopped';
  }

  private get source(): EventSource {
    return this.options.events ?? this.store;
  }

  private get log() {
    return this.options.log ?? (() => undefined);
  }

  private async run(): Promise<void> {
    const { signal } = this.lifecycle;
    // A timer, not the wake-ups: a standby need not try the lock at every append.
    await this.ownership.acquire(signal, () => this.pause(1000), () => {
      this.log(`projector ${this.projection.name}: another process owns it; standing by`);
      this.state = 'standby';
    });
    if (signal.aborted) return;
    await this.ensureReadModel();
    this.state = 'live';
    this.log(`projector ${this.projection.name}: live`);
    let cursor = (await readCheckpoint(this.store.pool, this.projection.name))!;
    const batchSize = this.options.batchSize ?? 5000;
    const pollMs = this.options.pollIntervalMs ?? 250;
    const windowMs = this.options.batchWindowMs ?? 10;
    let prefetched: Promise<StoredEvent[]> | undefined;
    let heldBackMs = 0;
    while (!signal.aborted) {
      const events = await (prefetched ?? this.source.readAll(cursor, batchSize));
      prefetched = undefined;
      if (events.length === 0) {
        // Events an older transaction still holds back come with no NOTIFY of their own when it ends: look again soon.
        heldBackMs = !this.options.events && (await this.store.heldBack(cursor)) ? Math.min(Math.max(1, heldBackMs * 2), pollMs) : 0;
        await this.sleep(heldBackMs || pollMs);
        continue;
      }
      heldBackMs = 0;
      const last = events[events.length - 1]!;
      const next = { transactionId: last.transactionId, globalPosition: last.globalPosition, version: this.projection.version };
      // Catching up: read the next batch while this one is applied.
      if (events.length === batchSize) prefetched = quiet(this.source.readAll(next, batchSize));
      // The batch's spans continue the traces its events were appended in (DESIGN.md decision 12).
      const outcome = await traceProjectionBatch(this.projection, events, () => this.applyBatch(events, cursor, next));
      if (outcome.applied) {
        cursor = next;
        this.position = next;
        if (events.length < batchSize && windowMs > 0) await this.pause(windowAfter(events.length, windowMs));
      } else {
        // A rebuild swapped the read model underneath us: continue from its cursor.
        cursor = outcome.checkpoint ?? cursor;
        prefetched = undefined;
      }
    }
  }

  /** Applies one batch and moves the checkpoint in one transaction, unless the checkpoint is no longer where this projector left it. */
  private async applyBatch(events: readonly StoredEvent[], cursor: Cursor, next: Checkpoint): Promise<{ applied: true } | { applied: false; checkpoint?: Checkpoint }> {
    if (!events.some((event) => this.projection.handles.includes(event.type))) {
      // Nothing to write but the checkpoint: joined with the other projectors' in one statement.
      if (await CheckpointAdvances.of(this.store.pool).advance(this.projection.name, cursor, next)) return { applied: true };
      return { applied: false, checkpoint: await readCheckpoint(this.store.pool, this.projection.name) };
    }
    const client = await this.store.pool.connect();
    try {
      const current = await beginBatch(client, this.projection.name);
      if (!current || current.transactionId !== cursor.transactionId || current.globalPosition !== cursor.globalPosition) {
        await client.query('ROLLBACK');
        return { applied: false, checkpoint: current };
      }
      await this.projection.apply(client, events, physicalTables(this.projection));
      await commitBatch(client, this.projection.name, next);
      return { applied: true };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Builds the read model on first start, and again when the code's version
   * moved on: from the start of the log into fresh tables swapped in at the
   * end (a rebuild), the fastest way to catch up with a long log.
   */
  private async ensureReadModel(): Promise<void> {
    const checkpoint = await readCheckpoint(this.store.pool, this.projection.name);
    if (checkpoint?.version === this.projection.version) return;
    this.state = 'rebuilding';
    this.log(
      checkpoint
        ? `projector ${this.projection.name}: version ${checkpoint.version} -> ${this.projection.version}, rebuilding`
        : `projector ${this.projection.name}: first start, building the read model from the start of the log`,
    );
    const { position } = await rebuildProjection(this.store, this.projection, { batchSize: this.options.batchSize, log: this.log, events: this.options.events });
    this.position = position;
  }

  /** Waits `ms` whatever is notified meanwhile (a notification is not lost: the next read sees its events). */
  private pause(ms: number): Promise<void> {
    return this.lifecycle.pause(ms);
  }

  private sleep(ms: number): Promise<void> {
    return this.options.listener ? this.options.listener.wait(ms, this.lifecycle.signal) : this.pause(ms);
  }
}

/** Events per window below which a batch is not busy. */
const BUSY_BATCH = 16;
/** The longest wait after a busy batch, in windows. */
const BUSY_WINDOWS = 4;

/**
 * The wait after a batch of `count` events: one window, and one more for each
 * further BUSY_BATCH events, up to BUSY_WINDOWS. At a few events a window (the
 * freshness a reader sees) nothing changes; under load each projection's
 * transactions, and their statements, come several times fewer, which is where
 * its CPU goes.
 */
export function windowAfter(count: number, windowMs: number): number {
  return windowMs * Math.min(BUSY_WINDOWS, Math.max(1, Math.ceil(count / BUSY_BATCH)));
}

/** A read started ahead of time may be dropped; its failure then must not go unhandled. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
