import { REFUSAL_STAGES, SAFETY_CATEGORIES, type RefusalStage, type SafetyCategory } from '@jokes/domain';
import { byKey, inRange, type DayRange } from './engagement-figures.js';
import type { EngagementRefusalRow } from './engagement-refusals.read-model.js';
import type { EngagementRow } from './engagement.read-model.js';

/**
 * The refusal report: of the generates asked for (jokes written plus
 * refusals), how many the moderator refused, by category and by stage. The
 * query API sums the read models in SQL, `npm run report -- refusals` sums rows
 * it rebuilt in memory from the stream; both finish with `refusalReportRows`.
 */

export const REFUSALS_BY = ['day', 'comedian'] as const;
export type RefusalsBy = (typeof REFUSALS_BY)[number];

/** The column of a refusal's cell, and of a joke's, each dimension groups by (the query API's SQL uses it too). */
export const REFUSAL_COLUMN_OF = { day: 'day', comedian: 'comedian_style' } as const satisfies Record<RefusalsBy, keyof EngagementRow & keyof EngagementRefusalRow>;

export interface RefusalReportRow {
  key: string;
  /** Jokes written plus generates refused. */
  attempts: number;
  refused: number;
  /** refused / attempts, four decimals. */
  refusal_rate: number;
  /** Refusals by category: each category's rate is its count over `attempts`. */
  categories: Record<SafetyCategory, number>;
  stages: Record<RefusalStage, number>;
}

/** Some figures of one key; parts with the same key add up. */
export interface RefusalPart {
  key: string;
  generated?: number;
  refusals?: { category: string; stage: string; refused: number };
}

const zeroes = <K extends string>(keys: readonly K[]): Record<K, number> => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
const isOneOf = <K extends string>(keys: readonly K[], value: string): value is K => (keys as readonly string[]).includes(value);

/** Adds the parts up by key and answers the rows with any attempt, sorted by key. */
export function refusalReportRows(parts: Iterable<RefusalPart>): RefusalReportRow[] {
  const rows = new Map<string, { generated: number; categories: Record<SafetyCategory, number>; stages: Record<RefusalStage, number> }>();
  for (const part of parts) {
    let row = rows.get(part.key);
    if (!row) {
      row = { generated: 0, categories: zeroes(SAFETY_CATEGORIES), stages: zeroes(REFUSAL_STAGES) };
      rows.set(part.key, row);
    }
    row.generated += part.generated ?? 0;
    const refusals = part.refusals;
    if (refusals && isOneOf(SAFETY_CATEGORIES, refusals.category) && isOneOf(REFUSAL_STAGES, refusals.stage)) {
      row.categories[refusals.category] += refusals.refused;
      row.stages[refusals.stage] += refusals.refused;
    }
  }
  return [...rows.entries()]
    .map(([key, { generated, categories, stages }]) => {
      const refused = REFUSAL_STAGES.reduce((sum, stage) => sum + stages[stage], 0);
      const attempts = generated + refused;
      return { key, attempts, refused, refusal_rate: attempts === 0 ? 0 : Math.round((refused / attempts) * 10_000) / 10_000, categories, stages };
    })
    .filter((row) => row.attempts > 0)
    .sort((a, b) => byKey(a.key, b.key));
}

/** The read models' rows, in memory: the command line's path to the same parts the API reads in SQL. */
export interface RefusalTables {
  cells: Iterable<EngagementRow>;
  refusals: Iterable<EngagementRefusalRow>;
}

export function* refusalParts(by: RefusalsBy, tables: RefusalTables, range: DayRange): Generator<RefusalPart> {
  for (const row of tables.cells) if (inRange(row.day, range)) yield { key: row[REFUSAL_COLUMN_OF[by]], generated: row.generated };
  for (const row of tables.refusals) {
    if (inRange(row.day, range)) yield { key: row[REFUSAL_COLUMN_OF[by]], refusals: { category: row.category, stage: row.stage, refused: row.refused } };
  }
}
