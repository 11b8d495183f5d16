import type { LocalStripeStore, LocalStripeTx } from './store.js';

/**
 * The local payment provider: state in its own schema, one transaction per
 * request. After every commit it tells its listeners (the webhook dispatcher)
 * that events may be waiting.
 */
export class LocalStripe {
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly store: LocalStripeStore,
    /** The product's public origin: portal links point there. */
    readonly publicUrl: string,
  ) {}

  onCommit(listener: () => void): void {
    this.listeners.add(listener);
  }

  async run<T>(work: (tx: LocalStripeTx) => Promise<T>): Promise<T> {
    const result = await this.store.transaction(work);
    for (const listener of this.listeners) listener();
    return result;
  }
}
