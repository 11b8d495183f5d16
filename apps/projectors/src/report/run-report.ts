import { formatCursor } from '@jokes/event-store';
import { EngagementReplay } from '@jokes/read-models';
import { ProgressBar, type ProgressOutput } from './progress-bar.js';
import { parseReportArgs, UsageError, USAGE, type ReportArgs } from './report-args.js';
import { formatReport, type ReportResult } from './report-format.js';
import { replayStream, type ReplaySource } from './stream-replay.js';

export interface ReportIo {
  stdout: { write(text: string): unknown };
  stderr: ProgressOutput;
}

/**
 * Replays the stream into the engagement read models held in memory (the
 * same `keyOf`/`evolve` the projectors run) and reads the report from them
 * with the functions the query API uses: the figures of the stream itself,
 * not of the projected tables.
 */
export async function replayReport(store: ReplaySource, args: ReportArgs, stderr?: ProgressOutput): Promise<ReportResult> {
  const replay = new EngagementReplay();
  const started = performance.now();
  const bar = stderr ? new ProgressBar(stderr, `replaying ${args.report}`) : undefined;
  const { head, events } = await replayStream(store, (event) => replay.apply(event), {
    types: replay.handles,
    onProgress: ({ events: done, position, head: last }) => bar?.update(Number(position.globalPosition), Number(last.globalPosition), done),
  });
  bar?.done();
  const seconds = (performance.now() - started) / 1000;
  const position = formatCursor(head);
  stderr?.write(`Replayed ${events.toLocaleString('en')} events up to position ${position} in ${seconds.toFixed(2)} s (${Math.round(events / Math.max(seconds, 0.001)).toLocaleString('en')} events/s)\n`);
  const range = { from: args.from, to: args.to };
  switch (args.report) {
    case 'engagement':
      return { report: 'engagement', position, events, by: args.by, ...range, rows: replay.engagement(args.by, range) };
    case 'refusals':
      return { report: 'refusals', position, events, by: args.by, ...range, rows: replay.refusals(args.by, range) };
    case 'funnel':
      return { report: 'funnel', position, events, ...range, days: replay.funnel(range) };
    default: {
      const _exhaustive: never = args;
      return _exhaustive;
    }
  }
}

/** `npm run report -- …`: answers the exit code (2 for a wrong command line). */
export async function runReport(argv: readonly string[], openStore: () => ReplaySource | Promise<ReplaySource>, io: ReportIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let args: ReportArgs;
  try {
    args = parseReportArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`${error.message}\n${USAGE}\n`);
    return 2;
  }
  const result = await replayReport(await openStore(), args, io.stderr);
  io.stdout.write(formatReport(result, args.format));
  return 0;
}
