import type { SpendConfig } from './spend.config.js';
import type { SpendCounters } from './spend-counters.repository.js';
import { SpendCeilingReachedError, type SpendResource } from './spend-limit.error.js';
import { hourWindow, secondsLeft } from './spend-window.js';

/**
 * Who a paid call is made for. Pro callers pay, so they may use the whole
 * hour's budget; free and anonymous callers only their share of it, which
 * keeps the rest for Pro however many anonymous callers arrive.
 */
export type Payer = 'free' | 'pro';

/** The /api/health view of one budget. */
export interface CeilingState {
  used: number;
  ceiling: number;
  /** What free and anonymous callers may use of the ceiling. */
  freeLimit: number;
  resetsAt: string;
}

/**
 * The spend ceiling of the paid providers (DESIGN.md decision 17): how many
 * model calls and narrated characters all instances together may ask for in
 * one UTC hour. The paid adapters take from it before every upstream call,
 * retries included; the offline writer and engine cost nothing and never do.
 */
export class SpendCeiling {
  constructor(
    private readonly counters: SpendCounters,
    private readonly config: SpendConfig,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Counts `amount` against the hour, or throws SpendCeilingReachedError (503 with Retry-After) and counts nothing. */
  async take(resource: SpendResource, amount: number, payer: Payer): Promise<void> {
    const now = this.clock();
    const window = hourWindow(resource, now);
    const limit = payer === 'pro' ? this.ceiling(resource) : this.freeLimit(resource);
    if (!(await this.counters.take(window, amount, limit))) throw new SpendCeilingReachedError(resource, secondsLeft(window, now));
  }

  async state(): Promise<Record<SpendResource, CeilingState>> {
    const now = this.clock();
    const stateOf = async (resource: SpendResource): Promise<CeilingState> => {
      const window = hourWindow(resource, now);
      return { used: await this.counters.used(window), ceiling: this.ceiling(resource), freeLimit: this.freeLimit(resource), resetsAt: window.end.toISOString() };
    };
    const [modelCalls, narrationCharacters] = await Promise.all([stateOf('model-calls'), stateOf('narration-characters')]);
    return { 'model-calls': modelCalls, 'narration-characters': narrationCharacters };
  }

  private ceiling(resource: SpendResource): number {
    return resource === 'model-calls' ? this.config.modelCallsPerHour : this.config.narrationCharactersPerHour;
  }

  private freeLimit(resource: SpendResource): number {
    return Math.floor((this.ceiling(resource) * this.config.freeSharePercent) / 100);
  }
}
