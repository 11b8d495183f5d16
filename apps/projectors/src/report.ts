// npm run report -- engagement|funnel [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--by …] [--format table|csv|json]:
// the engagement report or the funnel, replayed from the event stream itself.
import { openReportStore, type ReportStore } from './report/report-store.js';
import { runReport } from './report/run-report.js';

let opened: ReportStore | undefined;
try {
  process.exitCode = await runReport(process.argv.slice(2), async () => (opened = await openReportStore(process.env)).store, {
    stdout: process.stdout,
    stderr: process.stderr,
  });
} catch (error) {
  process.stderr.write(`report failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await opened?.close();
}
