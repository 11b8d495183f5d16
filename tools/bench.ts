// npm run bench: event store append throughput against plain INSERTs, and
// projector catch-up speed, on a fresh throw-away database.
//
//   DATABASE_URL   use this server (a database bench_<random> is created and dropped on it);
//                  otherwise an embedded PostgreSQL in .data/bench-postgres is started and stopped
//   BENCH_SECONDS  measured seconds per append run (default 5; each run has 1 s of warm-up first)
//   BENCH_EVENTS   events the catch-up bench seeds (default 100000)
//   BENCH_REPORT_EVENTS  engagement events the report bench seeds and replays (default 1000000; 0 skips it)
//
// Prints PASS/FAIL against the targets but exits 0 unless the bench itself failed.
// npm run bench -- http | freshness: one section alone (tools/bench/sections.ts).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PostgresEventStore } from '@jokes/event-store';
import { projectRoot, resolvePostgres, type RunningPostgres } from './postgres.ts';
import { AppendBench, type RunFigures, type RunKind } from './bench/appends.ts';
import { runCatchUp, type CatchUpFigures } from './bench/catch-up.ts';
import { fmt, quietPool, round } from './bench/util.ts';
import { mulberry32 } from '@jokes/domain';
import { appendPayload } from './bench/fixtures.ts';
import { loadProjections } from './bench/projections.ts';
import { runReportBench, type ReportFigures } from './bench/report.ts';

// Issue 12: appends at 0.8 of plain INSERTs, projections catching up at 100,000 events/s.
const TARGETS = { appendRatio: 0.8, appendRatioWriters: [8, 32], catchUpPerSecond: 100_000, reportPerSecond: 100_000 };
const WRITERS = [1, 8, 32];
const SEGMENTS = 2;

const root = projectRoot();
const env = process.env;
const seconds = Number(env.BENCH_SECONDS ?? 5);
const warmupSeconds = 1;
const catchUpEvents = Number(env.BENCH_EVENTS ?? 100_000);
const reportEvents = Number(env.BENCH_REPORT_EVENTS ?? 1_000_000);
if (!(seconds > 0) || !(catchUpEvents > 0)) throw new Error('BENCH_SECONDS and BENCH_EVENTS must be positive numbers');
if (!(reportEvents >= 0)) throw new Error('BENCH_REPORT_EVENTS must be a number (0 skips the report bench)');

const say = (line = '') => process.stdout.write(`${line}\n`);
const serverLog: string[] = [];

let postgres: RunningPostgres | undefined;
let admin: pg.Client | undefined;
let benchDatabase: string | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;

/** Drops the bench database and stops the server if we started it; safe to call twice. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    if (admin && benchDatabase) {
      await admin.query(`DROP DATABASE IF EXISTS "${benchDatabase}" WITH (FORCE)`).catch((error: Error) => say(`could not drop ${benchDatabase}: ${error.message}${env.DATABASE_URL ? "" : " (the next run drops it)"}`));
    }
    await admin?.end().catch(() => undefined);
    await postgres?.stop().catch((error: Error) => say(`could not stop PostgreSQL: ${error.message}`));
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    say(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const section = process.argv[2];

try {
  await (section ? (await import('./bench/sections.ts')).runSection(section, say) : main());
} catch (error) {
  process.exitCode = 1;
  if (!interrupted) say(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  if (serverLog.length > 0 && !interrupted) say(`PostgreSQL log (last lines):\n${serverLog.slice(-20).join('\n')}`);
} finally {
  await cleanUp();
}

async function main(): Promise<void> {
  const embedded = !env.DATABASE_URL;
  postgres = await resolvePostgres({
    url: env.DATABASE_URL,
    dataDir: join(root, '.data', 'bench-postgres'),
    database: 'postgres',
    log: (line) => serverLog.push(line),
  });
  admin = new pg.Client({ connectionString: postgres.url });
  admin.on('error', (error) => say(`admin connection: ${error.message}`));
  await admin.connect();
  if (embedded) {
    // Our own server: databases left by an interrupted run can go.
    const stale = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'bench\\_%'`);
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  benchDatabase = `bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${benchDatabase}"`);
  const target = new URL(postgres.url);
  target.pathname = `/${benchDatabase}`;
  const url = target.toString();

  const setup = quietPool(url, 1);
  await new PostgresEventStore(setup, { notify: false }).migrate();
  const settings = await serverSettings(setup);
  await setup.end();

  const cpu = cpus();
  const payload = appendPayload(mulberry32(1));
  const machine = {
    cores: cpu.length,
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    postgres: settings.server_version ?? 'unknown',
  };
  say('Event store benchmark');
  say(`  machine     ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}`);
  say(`  PostgreSQL  ${machine.postgres} (${embedded ? 'embedded, .data/bench-postgres' : 'DATABASE_URL'}), database ${benchDatabase}`);
  say(`  settings    ${Object.entries(settings).filter(([name]) => name !== 'server_version').map(([name, value]) => `${name}=${value}`).join(' ')}`);
  say(`  bench       ${seconds} s per run after ${warmupSeconds} s warm-up; payload ${JSON.stringify(payload.data).length} B data + ${JSON.stringify(payload.metadata).length} B metadata; catch-up over ${fmt(catchUpEvents)} events`);
  say();

  say(`Appends (one event, exact expected version) vs plain INSERT baseline; ${SEGMENTS} alternating segments per figure:`);
  const bench = new AppendBench({ url, seconds, warmupSeconds, localServer: embedded, log: say });
  await bench.setUp();
  const runs: RunFigures[] = [];
  for (const writers of WRITERS) {
    // At 8 writers the notify-on run joins the rotation, so its cost is measured under the same conditions.
    const kinds: RunKind[] = writers === 8 ? ['baseline', 'append', 'append+notify'] : ['baseline', 'append'];
    runs.push(...(await bench.compare(kinds, writers, SEGMENTS)));
  }
  say();

  const rows = WRITERS.map((writers) => {
    const append = runs.find((run) => run.kind === 'append' && run.writers === writers)!;
    const baseline = runs.find((run) => run.kind === 'baseline' && run.writers === writers)!;
    return { writers, append, baseline, ratio: round(append.perSecond / baseline.perSecond, 3) };
  });
  const notify = runs.find((run) => run.kind === 'append+notify')!;
  const plain8 = rows.find((row) => row.writers === 8)!;
  printTable(
    ['writers', 'appends/s', 'baseline/s', 'ratio', 'append p50', 'append p99', 'baseline p50', 'baseline p99'],
    [
      ...rows.map((row) => [
        String(row.writers), fmt(row.append.perSecond), fmt(row.baseline.perSecond), row.ratio.toFixed(2),
        ms(row.append.p50Ms), ms(row.append.p99Ms), ms(row.baseline.p50Ms), ms(row.baseline.p99Ms),
      ]),
      [
        '8 +notify', fmt(notify.perSecond), fmt(plain8.baseline.perSecond), (notify.perSecond / plain8.baseline.perSecond).toFixed(2),
        ms(notify.p50Ms), ms(notify.p99Ms), '', '',
      ],
    ],
  );
  say(`  notify on at 8 writers: ${((notify.perSecond / plain8.append.perSecond - 1) * 100).toFixed(1)}% vs notify off; ${fmt(notify.wakeUps ?? 0)} wake-ups delivered for ${fmt(notify.operations)} appends (coalesced: each sent after the commits it announces)`);
  const cpuPerOp = (run: RunFigures) => `${run.clientCpuUsPerOp.toFixed(0)}${run.backendCpuUsPerOp === undefined ? '' : ` + ${run.backendCpuUsPerOp.toFixed(0)}`}`;
  say(
    `  CPU per operation, append vs baseline (client${embedded ? ' + server backend' : ''}, us): ` +
      rows.map((row) => `${row.writers}w ${cpuPerOp(row.append)} vs ${cpuPerOp(row.baseline)}`).join('; ') +
      ` (${machine.cores} cores shared by client and server)`,
  );
  say();

  const projections = await loadProjections();
  say(`Projector catch-up from zero (${projections.source}):`);
  for (const note of projections.notes) say(`  NOTE ${note}`);
  const catchUp: CatchUpFigures = await runCatchUp({ url, events: catchUpEvents, projections, log: say, serverPid: embedded ? postgres.pid?.() : undefined });
  say();

  let report: ReportFigures | undefined;
  if (reportEvents > 0) {
    say(`npm run report's replay from zero over ${fmt(reportEvents)} engagement events, beside plain readAll in the same run:`);
    const pool = quietPool(url, 4);
    try {
      report = await runReportBench({ store: new PostgresEventStore(pool, { notify: false }), events: reportEvents, log: say });
    } finally {
      await pool.end();
    }
    say(
      `  report replay ${fmt(report.perSecond)} events/s; readAll alone ${fmt(report.readAllPerSecond)} events/s; ` +
        `readAllData alone (type and data, what the replay reads) ${fmt(report.readAllDataPerSecond)} events/s (batch ${fmt(report.batch)}; ${report.rows} report rows)`,
    );
    say();
  }

  const checks = [
    ...rows
      .filter((row) => TARGETS.appendRatioWriters.includes(row.writers))
      .map((row) => ({ check: `appends at ${row.writers} writers >= ${TARGETS.appendRatio} x baseline`, value: row.ratio.toFixed(2), pass: row.ratio >= TARGETS.appendRatio })),
    // The product's appends carry their wake-up NOTIFY, which PostgreSQL serialises at commit.
    {
      check: `appends with the wake-up NOTIFY at 8 writers >= ${TARGETS.appendRatio} x baseline`,
      value: (notify.perSecond / plain8.baseline.perSecond).toFixed(2),
      pass: notify.perSecond / plain8.baseline.perSecond >= TARGETS.appendRatio,
    },
    ...catchUp.lines.map((line) => ({
      check: `${line.mode} ${line.name} >= ${fmt(TARGETS.catchUpPerSecond)} events/s`,
      value: fmt(line.perSecond),
      pass: line.perSecond >= TARGETS.catchUpPerSecond,
    })),
    // Correctness seen along the way: a fast catch-up that skips events is no pass.
    {
      check: 'readAll from the start returns every event',
      value: `${fmt(catchUp.readAll.returned)} of ${fmt(catchUp.events)}`,
      pass: catchUp.readAll.complete,
    },
    {
      check: 'readAll is served by the (transaction_id, global_position) index',
      value: catchUp.readAll.plan,
      pass: catchUp.readAll.usesCursorIndex,
    },
    ...(report
      ? [
          { check: `report replay >= ${fmt(TARGETS.reportPerSecond)} events/s over ${fmt(report.events)} events`, value: `${fmt(report.perSecond)} (readAll ${fmt(report.readAllPerSecond)})`, pass: report.perSecond >= TARGETS.reportPerSecond },
          { check: 'report replay reads every event up to the head', value: `${fmt(report.replayed)} of ${fmt(report.events)}`, pass: report.complete },
          { check: 'report gives the same figures on every run', value: report.reproducible ? 'same' : 'differed', pass: report.reproducible },
        ]
      : []),
    ...catchUp.lines.map((line) => ({
      check: `${line.mode} ${line.name} read model reflects every event`,
      value: line.reflected === undefined ? 'not checked' : `${fmt(line.reflected)} of ${fmt(line.events)}`,
      pass: line.complete,
    })),
  ];
  say('Targets:');
  for (const check of checks) say(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.check}: ${check.value}`);
  say(`  overall: ${checks.every((check) => check.pass) ? 'PASS' : 'FAIL'}`);

  const file = join(root, '.data', 'bench-results.json');
  mkdirSync(join(root, '.data'), { recursive: true });
  const results = {
    finishedAt: new Date().toISOString(),
    machine,
    settings: { ...settings, source: embedded ? 'embedded' : 'DATABASE_URL', benchSeconds: seconds, warmupSeconds, catchUpEvents, reportEvents },
    targets: TARGETS,
    appends: rows.map((row) => ({ writers: row.writers, ratio: row.ratio, append: row.append, baseline: row.baseline })),
    appendWithNotify: notify,
    catchUp,
    report,
    notes: projections.notes,
    checks,
  };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  say(`\nFigures written to ${file}`);
  await (await import('./bench/voice.ts')).runVoiceBench(say);
}

async function serverSettings(pool: pg.Pool): Promise<Record<string, string>> {
  const names = ['server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'wal_sync_method', 'commit_delay', 'max_wal_size', 'work_mem', 'jit'];
  const result = await pool.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1::text[])`,
    [names],
  );
  const found = new Map(result.rows.map((row) => [row.name, row.setting]));
  return Object.fromEntries(names.filter((name) => found.has(name)).map((name) => [name, found.get(name)!]));
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `  ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}`;
  say(line(header));
  say(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) say(line(row));
}
