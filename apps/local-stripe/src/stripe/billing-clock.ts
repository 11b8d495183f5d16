import { CLOCK_ADVANCE_TOO_FAR, MAX_CLOCK_ADVANCE_SECONDS } from '@jokes/contracts';
import { log } from '@jokes/server';
import { processDue } from './lifecycle.js';
import type { LocalStripe } from './local-stripe.js';

const LOCK = 'local-stripe:billing-clock';
/** A guard against a bug that would keep an object due forever. */
const MAX_STEPS_PER_RUN = 10_000;

/**
 * How far ahead of real time the clock may ever run: a century covers any
 * test of trials, renewals and retries, and keeps every date the provider
 * computes from it (periods, retries, expiries) a valid four-digit-year date.
 */
export const MAX_CLOCK_OFFSET_SECONDS = 100 * 365 * 86_400;

/** A move the clock refuses: backwards, more than a year at once, or past the century ahead. */
export class InvalidClockMoveError extends Error {
  override readonly name = 'InvalidClockMoveError';
}

/** The new offset for a move, or why it is refused; `realNow` and the offsets in seconds. */
export function nextOffset(current: number, realNow: number, target: { seconds: number } | { to: Date }): number {
  const step = 'seconds' in target ? target.seconds : Math.floor(target.to.getTime() / 1000) - (realNow + current);
  if (!Number.isSafeInteger(step)) throw new InvalidClockMoveError('The billing clock needs a whole number of seconds or a valid date.');
  if (step < 0) throw new InvalidClockMoveError('The billing clock only moves forward.');
  if (step > MAX_CLOCK_ADVANCE_SECONDS) throw new InvalidClockMoveError(CLOCK_ADVANCE_TOO_FAR);
  if (current + step > MAX_CLOCK_OFFSET_SECONDS) {
    throw new InvalidClockMoveError('The billing clock cannot run more than 100 years ahead of real time; use a fresh database to start over.');
  }
  return current + step;
}

/**
 * The local provider's time, like a Stripe test clock: the real time plus an
 * offset that only grows. Advancing it runs, in the order they came due, every
 * trial end, renewal, retry and expiry up to the new time. A timer does the
 * same for real time passing. One process runs it at a time (advisory lock).
 */
export class LocalBillingClock {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stripe: LocalStripe,
    private readonly intervalMs: number,
  ) {}

  async read(): Promise<{ now: string; offsetSeconds: number }> {
    const offsetSeconds = await this.stripe.store.offsetSeconds();
    return { now: new Date((Math.floor(Date.now() / 1000) + offsetSeconds) * 1000).toISOString(), offsetSeconds };
  }

  async advance(target: { seconds: number } | { to: Date }): Promise<{ now: string; offsetSeconds: number; processed: number }> {
    const client = await this.stripe.store.pool.connect();
    try {
      // Waits for a timer run in any process to finish: one owner at a time.
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [LOCK]);
      const current = await this.stripe.store.offsetSeconds(client);
      const next = nextOffset(current, Math.floor(Date.now() / 1000), target);
      await client.query('UPDATE local_stripe.clock SET offset_seconds = $1', [next]);
      const processed = await this.runDue();
      return { ...(await this.read()), processed };
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK]).catch(() => undefined);
      client.release();
    }
  }

  /** One timer run; skipped when another process holds the clock. */
  async tick(): Promise<number> {
    const client = await this.stripe.store.pool.connect();
    try {
      const locked = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [LOCK]);
      if (!locked.rows[0]?.locked) return 0;
      try {
        return await this.runDue();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK]);
      }
    } finally {
      client.release();
    }
  }

  start(): void {
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      void this.tick().catch((error: unknown) => log('warn', 'billing clock run failed', { error: String(error) }));
    }, this.intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async runDue(): Promise<number> {
    let steps = 0;
    while (steps < MAX_STEPS_PER_RUN) {
      const stepped = await this.stripe.run(async (tx) => {
        const due = await tx.claimNextDue();
        if (!due) return false;
        await processDue(tx, due);
        return true;
      });
      if (!stepped) break;
      steps += 1;
    }
    if (steps === MAX_STEPS_PER_RUN) log('warn', 'billing clock stopped after too many steps', { steps });
    return steps;
  }
}
