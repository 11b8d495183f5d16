import type { Columns, ReadModel, RowOf } from './read-model.js';

/**
 * A read model's rows in a Map, built by the same `keyOf` and `evolve` the
 * projectors run against PostgreSQL: what a report that replays the stream
 * itself holds instead of the tables. Every event is applied once, in stream
 * order (a replay from zero), so it needs no applied-event guard.
 */
export class MemoryReadModel<C extends Columns, E extends { type: string }> {
  private readonly byKey = new Map<string, RowOf<C>>();
  private readonly handled: ReadonlySet<string>;

  constructor(private readonly model: ReadModel<C, E>) {
    this.handled = new Set<string>(model.handles);
  }

  apply(event: { type: string }): void {
    if (!this.handled.has(event.type)) return;
    const keyValues = this.model.keyOf(event as E);
    if (!keyValues) return;
    // Key values are dates, ids and names: none holds the separator, a control character the contracts refuse.
    const key = this.model.key.map((name) => String(keyValues[name])).join('\u0001');
    const next = this.model.evolve(this.byKey.get(key) ?? null, event as E);
    if (next === null) this.byKey.delete(key);
    else this.byKey.set(key, next);
  }

  /** The event types it reacts to. */
  get handles(): readonly string[] {
    return this.model.handles;
  }

  rows(): IterableIterator<RowOf<C>> {
    return this.byKey.values();
  }
}
