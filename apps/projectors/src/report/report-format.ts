import { REFUSAL_STAGES, SAFETY_CATEGORIES } from '@jokes/domain';
import { SHARE_PLATFORMS, type EngagementBy, type EngagementReportRow, type FunnelDay, type RefusalReportRow, type RefusalsBy } from '@jokes/read-models';
import type { ReportFormat } from './report-args.js';

/** What a run found: the figures and the position they were replayed up to. */
export type ReportResult =
  | { report: 'engagement'; position: string; events: number; by: EngagementBy; from: string | null; to: string | null; rows: EngagementReportRow[] }
  | { report: 'funnel'; position: string; events: number; from: string | null; to: string | null; days: FunnelDay[] }
  | { report: 'refusals'; position: string; events: number; by: RefusalsBy; from: string | null; to: string | null; rows: RefusalReportRow[] };

type Cell = string | number | null;

function engagementTable(result: Extract<ReportResult, { report: 'engagement' }>): { header: string[]; rows: Cell[][] } {
  return {
    header: [result.by, 'generated', 'rated', 'rating_average', ...[1, 2, 3, 4, 5].map((star) => `rating_${star}`), ...SHARE_PLATFORMS.map((platform) => `shares_${platform}`), 'shares_total', 'page_views', 'unique_visitors'],
    rows: result.rows.map((row) => [
      row.key,
      row.generated,
      row.rated,
      row.rating_average,
      ...row.rating_histogram,
      ...SHARE_PLATFORMS.map((platform) => row.shares[platform]),
      row.shares_total,
      row.page_views,
      row.unique_visitors,
    ]),
  };
}

function refusalsTable(result: Extract<ReportResult, { report: 'refusals' }>): { header: string[]; rows: Cell[][] } {
  return {
    header: [result.by, 'attempts', 'refused', 'refusal_rate', ...SAFETY_CATEGORIES, ...REFUSAL_STAGES.map((stage) => `at_${stage}`)],
    rows: result.rows.map((row) => [
      row.key,
      row.attempts,
      row.refused,
      row.refusal_rate,
      ...SAFETY_CATEGORIES.map((category) => row.categories[category]),
      ...REFUSAL_STAGES.map((stage) => row.stages[stage]),
    ]),
  };
}

function funnelTable(result: Extract<ReportResult, { report: 'funnel' }>): { header: string[]; rows: Cell[][] } {
  return {
    header: ['day', 'visitors', 'generated', 'engaged', 'signed_up', 'trials', 'paid'],
    rows: result.days.map((day) => [day.day, day.visitors, day.generated, day.engaged, day.signed_up, day.trials, day.paid]),
  };
}

/**
 * RFC 4180 quoting; and a text cell that a spreadsheet would run as a formula
 * (topics are typed by visitors) starts with an apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const describeRange = (from: string | null, to: string | null) =>
  from && to ? `${from} to ${to}` : from ? `from ${from}` : to ? `up to ${to}` : 'all days';

function table(title: string, { header, rows }: { header: string[]; rows: Cell[][] }): string {
  const text = rows.map((row) => row.map((cell) => (cell === null ? '-' : typeof cell === 'number' ? cell.toLocaleString('en') : cell)));
  const widths = header.map((title, column) => Math.max(title.length, ...text.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  const body = text.length > 0 ? text.map(line) : ['(no figures in this range)'];
  return [title, '', line(header), line(widths.map((width) => '-'.repeat(width))), ...body, ''].join('\n');
}

/** The report as stdout carries it: csv and json hold nothing but the figures (and, in json, the position). */
export function formatReport(result: ReportResult, format: ReportFormat): string {
  const grid = result.report === 'engagement' ? engagementTable(result) : result.report === 'refusals' ? refusalsTable(result) : funnelTable(result);
  switch (format) {
    case 'json':
      return `${JSON.stringify(result, null, 2)}\n`;
    case 'csv':
      return [grid.header, ...grid.rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
    case 'table': {
      const what = result.report === 'funnel' ? 'Funnel by day' : `${result.report === 'engagement' ? 'Engagement' : 'Refusals'} by ${result.by}`;
      return table(`${what}, ${describeRange(result.from, result.to)}: replayed ${result.events.toLocaleString('en')} events up to position ${result.position}`, grid);
    }
    default: {
      const _exhaustive: never = format;
      return _exhaustive;
    }
  }
}
