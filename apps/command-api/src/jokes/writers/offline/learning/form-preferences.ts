import type pg from 'pg';
import { FORM_POSTERIORS_SQL, formRatingsReadModel, RATINGS_COUNTED_PER_USER } from '@jokes/read-models';
import { BrieflyCached } from '../../briefly-cached.js';
import type { Posterior } from './thompson-sampling.js';

/** What the audience of one comedian style thinks of each form, by form id; forms nobody rated are absent. */
export type LearnedForms = ReadonlyMap<string, Posterior>;

/** The offline writer's learned state, read from the `form_ratings` read model. */
export interface FormPreferences {
  /** Undefined when it is not known in time: the writer then chooses uniformly. Never rejects. */
  of(comedianStyle: string): Promise<LearnedForms | undefined>;
}

export interface CachedFormPreferencesOptions {
  /** How long a style's learned state is used before it is read again (LEARNING_REFRESH_MS). */
  refreshMs?: number;
  /** The longest a write waits for a read; past it, the state it had (or none: uniform choice) is used. */
  waitMs?: number;
  onError?: (error: unknown) => void;
}

export const DEFAULT_LEARNING_REFRESH_MS = 2000;
const DEFAULT_WAIT_MS = 50;

/** A style's posteriors from `form_ratings` (one grouped read of its rows, each user capped), briefly cached. */
export class CachedFormPreferences implements FormPreferences {
  private readonly cache: BrieflyCached<LearnedForms>;

  constructor(pool: Pick<pg.Pool, 'query'>, options: CachedFormPreferencesOptions = {}) {
    const sql = FORM_POSTERIORS_SQL.replace('{table}', formRatingsReadModel.table);
    this.cache = new BrieflyCached(
      async (comedianStyle) => {
        const result = await pool.query<{ form: string; alpha: number; beta: number }>(sql, [comedianStyle, RATINGS_COUNTED_PER_USER]);
        return new Map(result.rows.map(({ form, alpha, beta }) => [form, { alpha: Number(alpha), beta: Number(beta) }]));
      },
      { refreshMs: options.refreshMs ?? DEFAULT_LEARNING_REFRESH_MS, waitMs: options.waitMs ?? DEFAULT_WAIT_MS, onError: options.onError },
    );
  }

  of(comedianStyle: string): Promise<LearnedForms | undefined> {
    return this.cache.get(comedianStyle);
  }
}
