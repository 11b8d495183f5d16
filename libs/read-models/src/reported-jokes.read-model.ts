import { REPORT_REASONS, type JokeReported, type JokeReportRetracted, type JokeReportsDismissed, type JokeWithdrawn, type ReportReason } from '@jokes/domain';
import { column, defineReadModel, type ColumnBuilder, type RowOf, type ViewOf } from './read-model.js';

/** One count per reason, named after the domain's list (`reports_offensive`, ...). */
type ReasonColumns = { readonly [R in ReportReason as `reports_${R}`]: ColumnBuilder<number, number> };
const reasonColumns = Object.fromEntries(REPORT_REASONS.map((reason) => [`reports_${reason}`, column.integer()])) as ReasonColumns;

const reportedJokeColumns = {
  joke_id: column.uuid(),
  /** The oldest open report: the Copyright Notice's 48 hours run from it. */
  first_reported_at: column.timestamptz(),
  reports: column.integer(),
  ...reasonColumns,
};

/** A joke with open reports: support's queue (a row goes when the joke is withdrawn or its reports dismissed). */
export type ReportedJokeRow = RowOf<typeof reportedJokeColumns>;
export type ReportedJokeView = ViewOf<typeof reportedJokeColumns>;

export type ReportQueueEvent = JokeReported | JokeReportRetracted | JokeWithdrawn | JokeReportsDismissed;

/** The column of a reason's count. */
export const reportsOf = (reason: ReportReason) => `reports_${reason}` as const;

export function evolveReportedJoke(row: ReportedJokeRow | null, event: ReportQueueEvent): ReportedJokeRow | null {
  switch (event.type) {
    case 'JokeReported': {
      const { jokeId, reason, reportedAt } = event.data;
      const current = row ?? { joke_id: jokeId, first_reported_at: reportedAt, reports: 0, ...zeroCounts() };
      return { ...current, reports: current.reports + 1, [reportsOf(reason)]: current[reportsOf(reason)] + 1 };
    }
    case 'JokeReportRetracted': {
      // Only an open report is taken back (the decider's rule), so the row counts it. The oldest
      // report's time stays: the queue errs towards dealing with the joke sooner.
      if (row === null) return row;
      const { reason } = event.data;
      const reports = row.reports - 1;
      return reports <= 0 ? null : { ...row, reports, [reportsOf(reason)]: row[reportsOf(reason)] - 1 };
    }
    case 'JokeWithdrawn':
    case 'JokeReportsDismissed':
      // Dealt with: out of the queue (a later report opens it again).
      return null;
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}

function zeroCounts(): RowOf<ReasonColumns> {
  return Object.fromEntries(REPORT_REASONS.map((reason) => [reportsOf(reason), 0])) as RowOf<ReasonColumns>;
}

export const reportedJokesReadModel = defineReadModel({
  name: 'reported_jokes',
  version: 1,
  table: 'reported_jokes',
  columns: reportedJokeColumns,
  key: ['joke_id'],
  // The queue is read oldest first, and health counts the reports older than a day.
  indexes: ['CREATE INDEX ON {table} (first_reported_at)'],
  handles: ['JokeReported', 'JokeReportRetracted', 'JokeWithdrawn', 'JokeReportsDismissed'],
  keyOf: (event: ReportQueueEvent) => ({ joke_id: event.data.jokeId }),
  evolve: evolveReportedJoke,
});
