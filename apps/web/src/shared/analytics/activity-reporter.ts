import { VISITOR_ACTIVITY_MAX_BODY_BYTES, type VisitorActivityItemBody } from '@jokes/contracts';

/** How a keyed send ended: 'refused' is a 4xx (sending it again cannot help); 'failed' had no answer or a 5xx. */
export type SendOutcome = 'sent' | 'refused' | 'failed';

export interface ActivityTransport {
  /** POST with fetch(keepalive), so a send started just before the page goes away still arrives. */
  send(body: string, idempotencyKey: string): Promise<SendOutcome>;
  /** navigator.sendBeacon; false when the browser would not queue it. */
  beacon(body: string): boolean;
}

export interface ActivityReporterOptions {
  transport: ActivityTransport;
  visitorId: () => string;
  newKey: () => string;
  /** Runs `callback` after `ms`; returns a cancel function. */
  setTimer?: (callback: () => void, ms: number) => () => void;
  flushDelayMs?: number;
  batchSize?: number;
  maxPending?: number;
}

interface Batch {
  key: string;
  body: string;
}

/** Flush every 5 s or at 20 items: a handful of requests per visit, and little to lose if the browser dies. */
export const FLUSH_DELAY_MS = 5000;
export const BATCH_SIZE = 20;
/** While the server is unreachable: keep this many, dropping the oldest (a visit rarely makes more). */
const MAX_PENDING = 500;
/** After failures the wait doubles, up to a minute. */
const MAX_RETRY_DELAY_MS = 60_000;

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

const browserTimer = (callback: () => void, ms: number) => {
  const id = setTimeout(callback, ms);
  return () => clearTimeout(id);
};

/**
 * Batches the visitor's activity for `recordVisitorActivity`: sent when 20
 * items are waiting or 5 s after the first, one request at a time, each batch
 * with its own Idempotency-Key (a batch whose answer was lost is sent again
 * with the same key, so it is stored once). When the page is hidden or left,
 * everything waiting goes by `sendBeacon`, which the browser delivers after the
 * page is gone. In-app navigation keeps the page, and so the queue.
 */
export class ActivityReporter {
  private readonly queue: VisitorActivityItemBody[] = [];
  /** A batch whose send failed: it goes first, with its key, before anything newer. */
  private unanswered: Batch | null = null;
  private sending = false;
  private failures = 0;
  private cancelTimer: (() => void) | null = null;
  private readonly setTimer: NonNullable<ActivityReporterOptions['setTimer']>;
  private readonly flushDelayMs: number;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(private readonly options: ActivityReporterOptions) {
    this.setTimer = options.setTimer ?? browserTimer;
    this.flushDelayMs = options.flushDelayMs ?? FLUSH_DELAY_MS;
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.maxPending = options.maxPending ?? MAX_PENDING;
  }

  /** Items waiting to be sent (not counting a batch in flight). */
  get pending(): number {
    return this.queue.length;
  }

  record(item: VisitorActivityItemBody): void {
    this.queue.push(item);
    if (this.queue.length > this.maxPending) this.queue.splice(0, this.queue.length - this.maxPending);
    if (this.queue.length >= this.batchSize && !this.sending) void this.flush();
    else this.schedule(this.flushDelayMs);
  }

  /** Sends everything waiting, a batch at a time; stops at the first failure and tries again later. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.stopTimer();
    this.sending = true;
    try {
      for (let batch = this.unanswered ?? this.nextBatch(); batch !== null; batch = this.nextBatch()) {
        this.unanswered = null;
        const outcome = await this.options.transport.send(batch.body, batch.key);
        if (outcome === 'failed') {
          this.unanswered = batch;
          this.failures += 1;
          break;
        }
        // A refused batch is dropped: the server said what is wrong with it, and no resend changes that.
        this.failures = 0;
      }
    } finally {
      this.sending = false;
    }
    if (this.unanswered !== null || this.queue.length > 0) {
      this.schedule(Math.min(this.flushDelayMs * 2 ** this.failures, MAX_RETRY_DELAY_MS));
    }
  }

  /** The page is being hidden or left: hand everything waiting to the browser. */
  readonly flushOnHide = (): void => {
    this.stopTimer();
    const batches: Batch[] = this.unanswered ? [this.unanswered] : [];
    this.unanswered = null;
    for (let batch = this.nextBatch(); batch !== null; batch = this.nextBatch()) batches.push(batch);
    for (const batch of batches) {
      // A beacon the browser will not queue (too much already) still has keepalive.
      if (!this.options.transport.beacon(batch.body)) void this.options.transport.send(batch.body, batch.key);
    }
  };

  /** Takes the next batch off the queue: at most `batchSize` items and the contract's byte limit. */
  private nextBatch(): Batch | null {
    if (this.queue.length === 0) return null;
    const visitor_id = this.options.visitorId();
    let bytes = bytesOf(JSON.stringify({ visitor_id, events: [] }));
    let count = 0;
    while (count < this.queue.length && count < this.batchSize) {
      const itemBytes = bytesOf(JSON.stringify(this.queue[count])) + 1;
      if (count > 0 && bytes + itemBytes > VISITOR_ACTIVITY_MAX_BODY_BYTES) break;
      bytes += itemBytes;
      count += 1;
    }
    const events = this.queue.splice(0, count);
    return { key: this.options.newKey(), body: JSON.stringify({ visitor_id, events }) };
  }

  private schedule(ms: number): void {
    if (this.cancelTimer !== null) return;
    this.cancelTimer = this.setTimer(() => {
      this.cancelTimer = null;
      void this.flush();
    }, ms);
  }

  private stopTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }
}
