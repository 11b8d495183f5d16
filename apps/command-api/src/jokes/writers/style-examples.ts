import type pg from 'pg';
import { BEST_JOKES_SQL, bestJokesReadModel } from '@jokes/read-models';
import { BrieflyCached } from './briefly-cached.js';
import type { ContentSafety } from '../safety/content-safety.port.js';

/** A few of a style's best-received jokes, as examples for a model. Their text only: nothing of who wrote or rated them. */
export interface StyleExamples {
  /** Never rejects; an empty list when none are known in time. */
  of(comedianStyle: string): Promise<readonly string[]>;
}

/** Examples per prompt. */
export const EXAMPLES_PER_PROMPT = 3;
/** A longer joke is skipped, not cut: a cut joke is a worse example. A medium joke fits. */
export const MAX_EXAMPLE_CHARACTERS = 600;
/** All examples of one prompt together, so they cost a bounded number of tokens. */
export const MAX_EXAMPLES_CHARACTERS = 1200;
/** Best jokes read per style, so a few skipped (too long, refused) still leave three. */
const CANDIDATES = 10;
const REFRESH_MS = 60_000;
const WAIT_MS = 100;
/** Verdicts remembered by joke id (a joke's text never changes), so a refresh judges only new candidates. */
const MAX_VERDICTS = 5000;

export interface CachedStyleExamplesOptions {
  refreshMs?: number;
  waitMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Examples from the `best_jokes` read model: jokes that passed the moderator
 * when written (a refused joke is never a row), were never withdrawn (that
 * removes the row), and were rated by at least three people besides their
 * owner. Each is judged again by the content-safety joke check before it is
 * used, as every joke is before it is shown, and bounded in length.
 */
export class CachedStyleExamples implements StyleExamples {
  private readonly cache: BrieflyCached<readonly string[]>;
  private readonly allowed = new Map<string, boolean>();

  constructor(
    pool: Pick<pg.Pool, 'query'>,
    private readonly safety: Pick<ContentSafety, 'checkJoke'>,
    options: CachedStyleExamplesOptions = {},
  ) {
    const sql = BEST_JOKES_SQL.replace('{table}', bestJokesReadModel.table);
    this.cache = new BrieflyCached(
      async (comedianStyle) => {
        const result = await pool.query<{ joke_id: string; content: string }>(sql, [comedianStyle, CANDIDATES]);
        return this.choose(result.rows);
      },
      { refreshMs: options.refreshMs ?? REFRESH_MS, waitMs: options.waitMs ?? WAIT_MS, onError: options.onError },
    );
  }

  async of(comedianStyle: string): Promise<readonly string[]> {
    return (await this.cache.get(comedianStyle)) ?? [];
  }

  private async choose(candidates: readonly { joke_id: string; content: string }[]): Promise<string[]> {
    const examples: string[] = [];
    let characters = 0;
    for (const { joke_id: jokeId, content } of candidates) {
      if (examples.length === EXAMPLES_PER_PROMPT) break;
      const text = content.trim();
      if (text === '' || text.length > MAX_EXAMPLE_CHARACTERS || characters + text.length > MAX_EXAMPLES_CHARACTERS) continue;
      if (!(await this.passes(jokeId, text))) continue;
      examples.push(text);
      characters += text.length;
    }
    return examples;
  }

  private async passes(jokeId: string, text: string): Promise<boolean> {
    let allowed = this.allowed.get(jokeId);
    if (allowed === undefined) {
      allowed = (await this.safety.checkJoke(text)).allowed;
      if (this.allowed.size >= MAX_VERDICTS) this.allowed.delete(this.allowed.keys().next().value!);
      this.allowed.set(jokeId, allowed);
    }
    return allowed;
  }
}
