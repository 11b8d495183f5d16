import type pg from 'pg';

/** Old windows are deleted at most this often per instance: a cleanup, not part of any count. */
const FORGET_EVERY_MS = 10 * 60 * 1000;
/** A window that ended a day before the one being counted is certainly over, whatever the instances' clocks say. */
const KEEP_ENDED_MS = 24 * 3_600_000;

export interface CounterWindow {
  counter: string;
  start: Date;
  end: Date;
}

/**
 * Counters of what paid providers were asked for, per time window, in
 * PostgreSQL so that every instance counts against the same number.
 */
export class SpendCounters {
  private forgotAt = 0;

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Adds `amount` to the window's count if the sum stays within `limit`, in
   * one statement: the row lock of ON CONFLICT makes concurrent takes from any
   * instance queue up, so the limit holds under races. False when refused.
   */
  async take(window: CounterWindow, amount: number, limit: number): Promise<boolean> {
    await this.forgetOld(window);
    const { rowCount } = await this.pool.query(
      `INSERT INTO spend_counters (counter, window_start, window_end, used)
       SELECT $1, $2, $3, $4::bigint WHERE $4::bigint <= $5::bigint
       ON CONFLICT (counter, window_start) DO UPDATE SET used = spend_counters.used + EXCLUDED.used
         WHERE spend_counters.used + EXCLUDED.used <= $5::bigint`,
      [window.counter, window.start, window.end, amount, limit],
    );
    return rowCount === 1;
  }

  /** Gives back what a take counted for work that never reached the provider. */
  async giveBack(window: CounterWindow, amount: number): Promise<void> {
    await this.pool.query(
      'UPDATE spend_counters SET used = GREATEST(used - $3::bigint, 0) WHERE counter = $1 AND window_start = $2',
      [window.counter, window.start, amount],
    );
  }

  async used(window: CounterWindow): Promise<number> {
    const { rows } = await this.pool.query<{ used: string }>('SELECT used FROM spend_counters WHERE counter = $1 AND window_start = $2', [
      window.counter,
      window.start,
    ]);
    return rows[0] ? Number(rows[0].used) : 0;
  }

  /** Now and then, the rows of windows long over: one row per user and day would otherwise pile up. */
  private async forgetOld(current: CounterWindow): Promise<void> {
    if (Date.now() - this.forgotAt < FORGET_EVERY_MS) return;
    this.forgotAt = Date.now();
    await this.pool.query('DELETE FROM spend_counters WHERE window_end < $1', [new Date(current.start.getTime() - KEEP_ENDED_MS)]);
  }
}
