import type { FunnelDay } from '../api/analytics.api';
import type { CsvCell } from './csv';

/** The funnel's stages in order, with the API's field names (also the CSV header). */
export const FUNNEL_STAGES = [
  { field: 'visitors', title: 'Visitors' },
  { field: 'generated', title: 'Generated a joke' },
  { field: 'engaged', title: 'Rated or shared' },
  { field: 'signed_up', title: 'Signed up' },
  { field: 'trials', title: 'Started a trial' },
  { field: 'paid', title: 'Paid' },
] as const satisfies readonly { field: keyof FunnelDay; title: string }[];

export interface FunnelStageTotal {
  stage: string;
  value: number;
}

/**
 * The stages summed over the days shown. A visitor counts once per day they
 * came (the API counts distinct visitors per day), so these are visitor-days.
 */
export function funnelTotals(days: readonly FunnelDay[]): FunnelStageTotal[] {
  return FUNNEL_STAGES.map(({ field, title }) => ({ stage: title, value: days.reduce((sum, day) => sum + day[field], 0) }));
}

export const funnelCsvHeader = ['day', ...FUNNEL_STAGES.map((stage) => stage.field)];

export const funnelCsvRows = (days: readonly FunnelDay[]): CsvCell[][] =>
  days.map((day) => [day.day, ...FUNNEL_STAGES.map((stage) => day[stage.field])]);
