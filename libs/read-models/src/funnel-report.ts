import { byKey, inRange, type DayRange } from './engagement-figures.js';
import type { EngagementVisitorRow } from './engagement-visitors.read-model.js';
import type { FunnelRow } from './funnel.read-model.js';

/** One day of the funnel: distinct visitors, then those who generated, then rated or shared; sign-ups, trials, first payments. */
export interface FunnelDay {
  day: string;
  visitors: number;
  generated: number;
  engaged: number;
  signed_up: number;
  trials: number;
  paid: number;
}

export type FunnelPart = { day: string } & Partial<Omit<FunnelDay, 'day'>>;

const STEPS = ['visitors', 'generated', 'engaged', 'signed_up', 'trials', 'paid'] as const;

/** Adds the parts up by day and answers the days that have any figure, oldest first. */
export function funnelReportDays(parts: Iterable<FunnelPart>): FunnelDay[] {
  const days = new Map<string, FunnelDay>();
  for (const part of parts) {
    let day = days.get(part.day);
    if (!day) {
      day = { day: part.day, visitors: 0, generated: 0, engaged: 0, signed_up: 0, trials: 0, paid: 0 };
      days.set(part.day, day);
    }
    for (const step of STEPS) day[step] += part[step] ?? 0;
  }
  return [...days.values()].filter((day) => STEPS.some((step) => day[step] > 0)).sort((a, b) => byKey(a.day, b.day));
}

export interface FunnelTables {
  visitors: Iterable<EngagementVisitorRow>;
  funnel: Iterable<FunnelRow>;
}

/** The command line's path to the parts the API sums in SQL. */
export function* funnelParts(tables: FunnelTables, range: DayRange): Generator<FunnelPart> {
  for (const row of tables.visitors) {
    if (!inRange(row.day, range)) continue;
    yield {
      day: row.day,
      visitors: row.activities > 0 ? 1 : 0,
      generated: row.generate_items > 0 ? 1 : 0,
      engaged: row.engage_items > 0 ? 1 : 0,
    };
  }
  for (const row of tables.funnel) {
    if (inRange(row.day, range)) yield { day: row.day, signed_up: row.signed_up, trials: row.trials, paid: row.paid };
  }
}
