import type { SpendConfig } from './spend.config.js';
import type { SpendCounters } from './spend-counters.repository.js';
import { NarrationQuotaExceededError } from './spend-limit.error.js';
import { dayWindow, secondsLeft } from './spend-window.js';

/**
 * What one account may have read aloud per UTC day, with any engine (the
 * offline one costs CPU and disk too), counted across instances.
 */
export class NarrationQuota {
  constructor(
    private readonly counters: SpendCounters,
    private readonly config: SpendConfig,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Counts the characters against the user's day, or throws
   * NarrationQuotaExceededError (429 with Retry-After). The answer gives them
   * back when the narration fails.
   */
  async take(userId: string, characters: number): Promise<{ giveBack(): Promise<void> }> {
    const now = this.clock();
    const window = dayWindow(`narration-characters:user:${userId}`, now);
    const limit = this.config.narrationCharactersPerUserPerDay;
    if (!(await this.counters.take(window, characters, limit))) throw new NarrationQuotaExceededError(limit, secondsLeft(window, now));
    return { giveBack: () => this.counters.giveBack(window, characters) };
  }
}
