import { ENGAGEMENT_BY, REFUSALS_BY, type EngagementBy, type RefusalsBy } from '@jokes/read-models';

export const REPORT_FORMATS = ['table', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export type ReportArgs = { from: string | null; to: string | null; format: ReportFormat } & (
  | { report: 'engagement'; by: EngagementBy }
  | { report: 'funnel'; by: EngagementBy }
  | { report: 'refusals'; by: RefusalsBy }
);

export const USAGE = `Usage: npm run report -- engagement [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--by ${ENGAGEMENT_BY.join('|')}] [--format ${REPORT_FORMATS.join('|')}]
       npm run report -- funnel [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--format ${REPORT_FORMATS.join('|')}]
       npm run report -- refusals [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--by ${REFUSALS_BY.join('|')}] [--format ${REPORT_FORMATS.join('|')}]
Replays the event stream from position zero up to its head at start (not the read models),
reading the event types the reports count.
Uses DATABASE_URL, or the embedded server of a running \`npm start\` (PG_PORT, else the port it recorded in DATA_DIR).`;

export class UsageError extends Error {}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is none). */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The command line after `npm run report --`; throws UsageError naming what is wrong. */
export function parseReportArgs(argv: readonly string[]): ReportArgs {
  const [report, ...rest] = argv;
  if (report !== 'engagement' && report !== 'funnel' && report !== 'refusals') {
    throw new UsageError(report ? `Unknown report: ${report}` : 'Which report: engagement, funnel or refusals?');
  }
  const options: Record<string, string> = {};
  for (let index = 0; index < rest.length; index++) {
    const argument = rest[index]!;
    const match = /^--(from|to|by|format)(?:=(.*))?$/.exec(argument);
    if (!match) throw new UsageError(`Unknown argument: ${argument}`);
    const value = match[2] ?? rest[++index];
    if (value === undefined || value === '') throw new UsageError(`--${match[1]} needs a value`);
    options[match[1]!] = value;
  }
  for (const end of ['from', 'to'] as const) {
    if (options[end] !== undefined && !isDay(options[end])) throw new UsageError(`--${end} must be a day written YYYY-MM-DD: ${options[end]}`);
  }
  if (options.from && options.to && options.from > options.to) throw new UsageError(`--from ${options.from} is after --to ${options.to}`);
  const by = options.by ?? 'day';
  if (!(ENGAGEMENT_BY as readonly string[]).includes(by)) throw new UsageError(`--by must be one of ${ENGAGEMENT_BY.join(', ')}: ${by}`);
  if (report === 'funnel' && options.by !== undefined) throw new UsageError('The funnel is by day only: --by is for the engagement report');
  const format = options.format ?? 'table';
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}: ${format}`);
  const common = { from: options.from ?? null, to: options.to ?? null, format: format as ReportFormat };
  if (report === 'refusals') {
    if (!(REFUSALS_BY as readonly string[]).includes(by)) throw new UsageError(`The refusals report's --by must be one of ${REFUSALS_BY.join(', ')}: ${by}`);
    return { report, by: by as RefusalsBy, ...common };
  }
  return { report, by: by as EngagementBy, ...common };
}
