import type { TrialConversionReport } from '../api/analytics.api';

type Day = TrialConversionReport['days'][number];

export interface ConversionTotals {
  started: number;
  converted: number;
  canceled: number;
  /** Converted trials among those that have ended either way; null before any has. */
  conversionRate: number | null;
}

/**
 * Sums a report. The rate is over decided trials (converted + canceled), not
 * started ones: a trial still running has not converted yet, and counting it
 * would make every recent week look worse than it is.
 */
export function totalsOf(days: readonly Day[]): ConversionTotals {
  const started = days.reduce((sum, day) => sum + day.trials_started, 0);
  const converted = days.reduce((sum, day) => sum + day.trials_converted, 0);
  const canceled = days.reduce((sum, day) => sum + day.trials_canceled, 0);
  const decided = converted + canceled;
  return { started, converted, canceled, conversionRate: decided === 0 ? null : converted / decided };
}

export const formatRate = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
