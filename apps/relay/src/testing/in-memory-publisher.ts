import type { EventPublisher, RelayMessage } from '../event-publisher.port.js';

export interface PublishCall {
  messages: readonly RelayMessage[];
  /** Acknowledges the batch: `publish` resolves. */
  ack(): void;
  /** Refuses it as a broker would: `publish` rejects. */
  fail(error?: Error): void;
}

/**
 * A broker in memory. By default every batch is acknowledged at once; with
 * `hold`, each call waits until the test acknowledges or fails it, so a test
 * can look at the relay while a batch is in flight.
 */
export class InMemoryPublisher implements EventPublisher {
  /** Acknowledged messages in the order the broker accepted them. */
  readonly acknowledged: RelayMessage[] = [];
  /** Every batch handed over, acknowledged or not. */
  readonly calls: PublishCall[] = [];
  /** The most batches that were ever in flight at once. */
  maxInFlight = 0;
  private inFlight = 0;
  private closed = false;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly options: { hold?: boolean } = {}) {}

  publish(messages: readonly RelayMessage[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('publisher closed'));
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (action: () => void) => {
        if (settled) return;
        settled = true;
        this.inFlight -= 1;
        action();
        this.notify();
      };
      const call: PublishCall = {
        messages: [...messages],
        ack: () => settle(() => {
          this.acknowledged.push(...messages);
          resolve();
        }),
        fail: (error = new Error('broker unavailable')) => settle(() => reject(error)),
      };
      this.calls.push(call);
      if (!this.options.hold) call.ack();
      this.notify();
    });
  }

  /** Refuses every batch still waiting, so a relay stopping does not wait for a broker that will never answer. */
  async close(): Promise<void> {
    this.closed = true;
    for (const call of this.calls) call.fail(new Error('publisher closed'));
  }

  /** Resolves once `condition` holds, checked after every call and acknowledgement. */
  until(condition: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!condition()) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Batch number `index` (from 0) handed over, once it has been. */
  async call(index: number): Promise<PublishCall> {
    await this.until(() => this.calls.length > index);
    return this.calls[index]!;
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
