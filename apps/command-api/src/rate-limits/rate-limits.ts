import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type pg from 'pg';
import { CoalescingCounterStore } from './coalescing-counter-store.js';
import type { RateLimitName, RateLimitPolicy, RateLimitWindow } from './rate-limit.policies.js';

export const RATE_LIMIT_TABLE = 'rate_limit_counters';

/** Who one request is counted for: its client key (IPv4, IPv6 by /64) and, when known, its identity. */
export interface Subjects {
  client: string;
  identity: string | undefined;
}

/** The outcome of counting one request, with what its RateLimit headers say (the tightest window). */
export interface Verdict {
  allowed: boolean;
  window: RateLimitWindow;
  remaining: number;
  /** Seconds until the tightest window resets; on a refusal, the Retry-After. */
  resetSeconds: number;
}

interface Counter {
  window: RateLimitWindow;
  limiter: RateLimiterPostgres;
  key: string;
}

/**
 * The counters of every policy in PostgreSQL (rate-limiter-flexible's
 * RateLimiterPostgres), shared by every process and instance. A request
 * counts one row per counter (two when anonymous, four when it has an
 * identity); the counters of the requests that arrive together go in one
 * statement (CoalescingCounterStore), so a request waits one round trip and
 * a busy process sends far fewer statements than requests. A key that reached
 * its limit is then refused from memory until its window ends, so a client
 * already over costs no query in this process.
 */
export class RateLimits {
  private readonly limiters: Map<RateLimitName, { policy: RateLimitPolicy; byWindow: { window: RateLimitWindow; limiter: RateLimiterPostgres }[] }>;

  constructor(pool: pg.Pool, policies: Record<RateLimitName, RateLimitPolicy>) {
    // Every limiter would delete the table's expired rows every 5 minutes; one a process is enough.
    let cleaner = true;
    const store = new CoalescingCounterStore(pool, RATE_LIMIT_TABLE);
    const limiterOf = (window: RateLimitWindow) => {
      const limiter = new RateLimiterPostgres({
        storeClient: store,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        // Created UNLOGGED by rateLimitsMigrations; the library would create a logged one.
        tableCreated: true,
        clearExpiredByTimeout: cleaner,
        keyPrefix: window.name,
        points: window.limit,
        duration: window.seconds,
        // Reaching the limit blocks the key in memory for the rest of its window (no query for it).
        inMemoryBlockOnConsumed: window.limit,
      });
      cleaner = false;
      return limiter;
    };
    this.limiters = new Map(
      Object.values(policies).map((policy) => [
        policy.name,
        {
          policy,
          byWindow: policy.windows.map((window) => ({ window, limiter: limiterOf(window) })),
        },
      ]),
    );
  }

  policy(name: RateLimitName): RateLimitPolicy {
    return this.entry(name).policy;
  }

  /** Counts one request in every window, for the client and for the identity. */
  async consume(name: RateLimitName, subjects: Subjects): Promise<Verdict> {
    const counters = this.counters(name, subjects);
    const blocked = counters
      .map((counter) => ({ counter, ms: inMemoryBlockMs(counter) }))
      .filter(({ ms }) => ms > 0);
    if (blocked.length > 0) {
      const longest = blocked.reduce((a, b) => (b.ms > a.ms ? b : a));
      return refusal(longest.counter.window, longest.ms);
    }
    const outcomes = await Promise.allSettled(counters.map((counter) => counter.limiter.consume(counter.key)));
    const results = outcomes.map((outcome, index) => {
      if (outcome.status === 'fulfilled') return { window: counters[index]!.window, res: outcome.value, over: false };
      // A store failure rejects with an Error (the request fails like any other database failure); a refusal with a RateLimiterRes.
      if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
      return { window: counters[index]!.window, res: outcome.reason, over: true };
    });
    const over = results.filter((result) => result.over);
    if (over.length > 0) {
      const longest = over.reduce((a, b) => (b.res.msBeforeNext > a.res.msBeforeNext ? b : a));
      return refusal(longest.window, longest.res.msBeforeNext);
    }
    const tightest = results.reduce((a, b) => (b.res.remainingPoints < a.res.remainingPoints ? b : a));
    return { allowed: true, window: tightest.window, remaining: tightest.res.remainingPoints, resetSeconds: toSeconds(tightest.res.msBeforeNext) };
  }

  private counters(name: RateLimitName, subjects: Subjects): Counter[] {
    const { byWindow } = this.entry(name);
    return byWindow.flatMap(({ window, limiter }) => [
      { window, limiter, key: `client:${subjects.client}` },
      ...(subjects.identity === undefined ? [] : [{ window, limiter, key: `id:${subjects.identity}` }]),
    ]);
  }

  private entry(name: RateLimitName) {
    const entry = this.limiters.get(name);
    if (!entry) throw new Error(`No rate-limit policy named ${name}`);
    return entry;
  }
}

/** A public method of the store limiters (RateLimiterStoreAbstract) that the library's types leave out. */
type InMemoryBlocks = { getInMemoryBlockMsBeforeExpire(rlKey: string): number };

/** How long the counter's key stays refused from memory (0: not blocked): checked before any counter queries. */
const inMemoryBlockMs = ({ limiter, key }: Counter) => (limiter as unknown as InMemoryBlocks).getInMemoryBlockMsBeforeExpire(limiter.getKey(key));

/** Whole seconds, at least 1: a Retry-After of 0 would invite an immediate resend. */
const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

const refusal = (window: RateLimitWindow, ms: number): Verdict => ({ allowed: false, window, remaining: 0, resetSeconds: toSeconds(ms) });
