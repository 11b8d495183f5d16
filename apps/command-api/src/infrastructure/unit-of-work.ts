import { AsyncLocalStorage } from 'node:async_hooks';
import { EVENTS_CHANNEL, WakeUpNotifier, type EventStore } from '@jokes/event-store';
import { log } from '@jokes/server';
import type pg from 'pg';

export type Queryable = Pick<pg.ClientBase, 'query'>;

const active = new AsyncLocalStorage<UnitOfWork>();

/**
 * One request's appends in one transaction, begun by its first append and
 * ended by whoever opened the unit, with a last statement of their own (the
 * idempotency key's result) committed together with them. Until the first
 * append nothing is held: a joke writer or a payment provider may take seconds,
 * and no connection should wait idle in a transaction meanwhile.
 */
export class UnitOfWork {
  private opening: Promise<pg.PoolClient> | undefined;
  private store: EventStore | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private ended = false;

  constructor(private readonly pool: pg.Pool) {}

  /** The unit the current request runs in, while it is open. */
  static active(): UnitOfWork | undefined {
    const unit = active.getStore();
    return unit && !unit.ended ? unit : undefined;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return active.run(this, work);
  }

  /** Whether an append began the transaction: reads must then see what it wrote. */
  get begun(): boolean {
    return this.opening !== undefined;
  }

  /**
   * The event store inside this unit's transaction, begun on first use:
   * `open` makes it on the transaction's statements (the composition root
   * knows which store that is), once per unit.
   */
  async eventStore(open: (db: Queryable) => EventStore): Promise<EventStore> {
    this.opening ??= this.begin();
    await this.opening;
    this.store ??= open(this.statements);
    return this.store;
  }

  /**
   * Runs `last` in the transaction and commits if it says so (else rolls back).
   * Without an append there is no transaction, and `last` runs on its own.
   */
  async finish(last: (db: Queryable) => Promise<boolean>): Promise<boolean> {
    this.ended = true;
    if (!this.opening) return last(this.pool);
    await this.tail.catch(() => undefined);
    const client = await this.opening;
    let broken: Error | undefined;
    try {
      const keep = await last(client);
      await client.query(keep ? 'COMMIT' : 'ROLLBACK');
      // After the commit, so subscribers woken by it find the events (the unit's store does not notify).
      if (keep) WakeUpNotifier.of(this.pool, EVENTS_CHANNEL).poke();
      return keep;
    } catch (error) {
      broken = error as Error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Nothing of the unit commits: the request failed. */
  async abandon(): Promise<void> {
    this.ended = true;
    if (!this.opening) return;
    await this.tail.catch(() => undefined);
    const client = await this.opening.catch(() => undefined);
    if (!client) return;
    const failed = await client.query('ROLLBACK').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    client.release(failed);
  }

  private async begin(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      return client;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }

  /** Statements of this unit that succeeded: from the second on, each runs under a savepoint. */
  private succeeded = 0;

  /**
   * Statements one at a time, each undone alone if it fails (a version
   * conflict that the handler answers by reading and deciding again), without
   * aborting the transaction. Under a savepoint, taken just before the
   * statement and never released (the commit releases them all): a released
   * one would cost a round trip per statement. The first statement needs none:
   * if it fails there is nothing before it to keep, and the transaction starts
   * again. A keyed generate goes to PostgreSQL in five round trips, not seven.
   */
  private readonly statements: Queryable = {
    query: ((...args: Parameters<pg.ClientBase['query']>) => {
      const run = this.tail.catch(() => undefined).then(() => this.undoable(args));
      this.tail = run;
      return run;
    }) as pg.ClientBase['query'],
  };

  private async undoable(args: Parameters<pg.ClientBase['query']>): Promise<unknown> {
    if (this.ended) throw new Error('This unit of work has ended');
    const client = await this.opening!;
    const first = this.succeeded === 0;
    if (!first) await client.query('SAVEPOINT unit_statement');
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      this.succeeded++;
      return result;
    } catch (error) {
      await client.query(first ? 'ROLLBACK; BEGIN' : 'ROLLBACK TO SAVEPOINT unit_statement').catch((rollback: unknown) =>
        log('warn', 'could not undo a failed statement of a unit of work', { error: String(rollback) }),
      );
      throw error;
    }
  }
}
