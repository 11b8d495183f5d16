/**
 * Group commit's queue: the items that arrive while one batch is in flight go
 * together in the next, one batch at a time. Items queued in one turn of the
 * event loop (every request that arrived in it) leave together after it.
 *
 * `take` chooses the next batch from what waits (and what stays for the one
 * after); `send` must settle every item of its batch, failure included, as
 * nothing else answers them.
 */
export class NextBatch<Item, Batch> {
  private pending: Item[] = [];
  private inFlight = false;
  private scheduled = false;

  constructor(
    private readonly take: (pending: Item[]) => { batch: Batch; later: Item[] },
    private readonly send: (batch: Batch) => Promise<void>,
  ) {}

  add(item: Item): void {
    this.pending.push(item);
    this.schedule();
  }

  private schedule(): void {
    if (this.inFlight || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight || this.pending.length === 0) return;
    this.inFlight = true;
    const { batch, later } = this.take(this.pending);
    this.pending = later;
    try {
      await this.send(batch);
    } finally {
      this.inFlight = false;
      if (this.pending.length > 0) this.schedule();
    }
  }
}

/** The first `size` items now, the rest later: for batches whose items need no grouping. */
export const firstOf =
  (size: number) =>
  <Item>(pending: Item[]): { batch: Item[]; later: Item[] } => ({ batch: pending.slice(0, size), later: pending.slice(size) });
