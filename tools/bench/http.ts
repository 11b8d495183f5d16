// npm run bench -- http: the product's HTTP path against bare Node routes in the
// same run, on the same machine and database. Starts the built product as
// `npm start` does (target all: one process, default settings), the split
// processes beside it (START_SPLIT=true, on a database of their own) and a bare server
// (bare-server.ts); for each figure the two take turns (A B B A), so drift in the
// machine's load hits both alike.
//
//   BENCH_HTTP_SECONDS   measured seconds per figure and side (default 6, over 2 segments)
//   DATABASE_URL         use this server; otherwise an embedded one in .data/bench-http-postgres
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { EVENTS_CHANNEL } from '@jokes/event-store';
import { openBenchDatabase } from './bench-database.ts';
import { DatabaseCost, STATS_SETTLE_MS, type CostFigures } from './database-cost.ts';
import { combine, runLoad, type LoadFigures, type LoadRequest } from './http-load.ts';
import { cpuByName, cpuDelta, ownCpuUs } from './process-cpu.ts';
import { buildProduct, startBare, startProduct, type RunningProcess } from './product-stack.ts';
import { fmt, round } from './util.ts';

export const HTTP_GOALS = { generateRatio: 0.4, generateToSameWork: 0.8, generateP99Ms: 30, readRatio: 1.0, appendCommitsPerRequest: 1, rateLimitedGenerateRatio: 0.9 };

/** The second product of the run: generate's rate limits off (0 turns a window off), to show what counting costs. */
const LIMITS_OFF = { RATE_LIMIT_GENERATE_PER_MINUTE: '0', RATE_LIMIT_GENERATE_PER_HOUR: '0' };

const SEGMENTS = 2;
const WARM_UP_SECONDS = Number(process.env.BENCH_HTTP_WARM_UP_SECONDS ?? 2);
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

interface Scenario {
  name: string;
  connections: number;
  product: LoadRequest;
  bare: LoadRequest;
  /**
   * The same database work the design asks of this request, on the bare server
   * (no framework, no proxy hop): what the product could reach at best.
   */
  floor?: LoadRequest;
  /** The ratio this figure must reach (undefined: shown, no goal). */
  goalRatio?: number;
  goalP99Ms?: number;
  /** Another product than the run's main one (the split processes, or generate's limits off). */
  server?: RunningProcess;
  /** The same-work ratio this figure must reach (product / same work). */
  goalToFloor?: number;
}

interface Side {
  figures: LoadFigures[];
  cpuUs: Map<string, number>;
}

export interface HttpLine {
  name: string;
  connections: number;
  product: Omit<LoadFigures, 'latencies'>;
  bare: Omit<LoadFigures, 'latencies'>;
  ratio: number;
  productCpuUsPerRequest: Record<string, number>;
  bareCpuUsPerRequest: Record<string, number>;
  /** The same-work baseline, where the scenario has one: its figures and ratios. */
  floor?: { figures: Omit<LoadFigures, 'latencies'>; ratioToBare: number; productRatioToFloor: number; cpuUsPerRequest: Record<string, number> };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runHttpBench(say: (line?: string) => void): Promise<{ lines: HttpLine[]; cost: { product: CostFigures; bare: CostFigures } }> {
  const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 6);
  if (!(seconds > 0)) throw new Error('BENCH_HTTP_SECONDS must be a positive number');
  say('HTTP path: the product (target all: one process -> PostgreSQL; and split: edge -> APIs -> PostgreSQL) against bare Node http + pg routes, same run, same database');
  buildProduct(say);
  const database = await openBenchDatabase('http', say);
  const files = mkdtempSync(join(tmpdir(), 'jokes-bench-http-'));
  let product: RunningProcess | undefined;
  let limitsOff: RunningProcess | undefined;
  let offDatabase: { url: string; drop(): Promise<void> } | undefined;
  let split: RunningProcess | undefined;
  let splitDatabase: { url: string; drop(): Promise<void> } | undefined;
  let bare: RunningProcess | undefined;
  let cost: DatabaseCost | undefined;
  try {
    // Both with every request counted; the main one's limits raised past the load (startProduct), the other's off.
    product = await startProduct(database.url);
    // On a database of its own (same server): two products' projectors must not share read models.
    offDatabase = await siblingDatabase(database.url, 'limits_off');
    limitsOff = await startProduct(offDatabase.url, LIMITS_OFF);
    splitDatabase = await siblingDatabase(database.url, 'split');
    split = await startProduct(splitDatabase.url, { START_SPLIT: 'true' });
    const catalogue = await (await fetch(`${product.baseUrl}/api/comedians`, { headers: { 'accept-encoding': 'identity' } })).text();
    const home = await (await fetch(`${product.baseUrl}/`, { headers: { 'accept-encoding': 'identity' } })).text();
    writeFileSync(join(files, 'catalogue.json'), catalogue);
    writeFileSync(join(files, 'index.html'), home);
    const free = (JSON.parse(catalogue) as { comedians: { name: string; tier: string }[] }).comedians.find((comedian) => comedian.tier === 'free')!;
    const body = JSON.stringify({ comedian_style: free.name, length: 'short', topic: 'airports' });
    writeFileSync(join(files, 'event.json'), JSON.stringify(await eventOfOneGenerate(product.baseUrl, database.url, body)));
    bare = await startBare(database.url, {
      catalogue: join(files, 'catalogue.json'),
      home: join(files, 'index.html'),
      event: join(files, 'event.json'),
    });
    say(`  PostgreSQL ${database.settings.server_version} (${database.embedded ? 'embedded, .data/bench-http-postgres' : 'DATABASE_URL'}), fsync=${database.settings.fsync}, synchronous_commit=${database.settings.synchronous_commit}`);
    say(`  ${seconds} s per figure and side in ${SEGMENTS} alternating segments, each after a warm-up; requests as a browser sends them (accept-encoding: ${BROWSER_ENCODINGS})`);
    say(`  generate: offline writer, free comedian "${free.name}", anonymous, no Idempotency-Key; bare: the same body inserted as one jsonb row;`);
    say("  same work: the bare server appending the event the product writes for that body through the product's event store, which wakes the projectors");
    say('  rate limits: counted on every request (raised so none is refused); "limits off": a second product with generate\'s limits at 0');
    say('  "keyed": generate with a new Idempotency-Key on every request, as the web sends it (no goal: the issue\'s goals are for the line without)');
    say();

    const headers = { 'accept-encoding': BROWSER_ENCODINGS };
    const generate = (connections: number): Scenario => ({
      name: 'POST /api/generate',
      connections,
      product: { method: 'POST', path: '/api/generate', headers, body },
      bare: { method: 'POST', path: '/insert', headers, body },
      floor: { method: 'POST', path: '/append', headers, body },
      goalRatio: HTTP_GOALS.generateRatio,
      goalToFloor: HTTP_GOALS.generateToSameWork,
      goalP99Ms: connections === 16 ? HTTP_GOALS.generateP99Ms : undefined,
    });
    // A variant shown beside a figure, with no goal of its own.
    const variant = (scenario: Scenario, name: string, changes: Partial<Scenario>): Scenario => ({
      ...scenario,
      name: `${scenario.name}, ${name}`,
      goalRatio: undefined,
      goalToFloor: undefined,
      goalP99Ms: undefined,
      ...changes,
    });
    // The split processes (START_SPLIT=true).
    const splitForm = (scenario: Scenario): Scenario => variant(scenario, 'split', { server: split });
    const catalogueRead = (connections: number): Scenario => ({
      name: 'GET /api/comedians',
      connections,
      product: { method: 'GET', path: '/api/comedians', headers },
      bare: { method: 'GET', path: '/catalogue', headers },
      goalRatio: HTTP_GOALS.readRatio,
    });
    const homePage: Scenario = { name: 'GET / (home page)', connections: 16, product: { method: 'GET', path: '/', headers }, bare: { method: 'GET', path: '/', headers }, goalRatio: HTTP_GOALS.readRatio };
    const scenarios: Scenario[] = [
      generate(16),
      variant(generate(16), 'limits off', { floor: undefined, server: limitsOff }),
      // What the web sends: a new Idempotency-Key per press, so each generate runs in a transaction of its own with its key.
      variant(generate(16), 'keyed', { floor: undefined, product: { ...generate(16).product, freshHeader: 'idempotency-key' } }),
      splitForm(generate(16)),
      generate(64),
      splitForm(generate(64)),
      catalogueRead(16),
      catalogueRead(64),
      splitForm(catalogueRead(16)),
      homePage,
      splitForm(homePage),
    ];

    const lines: HttpLine[] = [];
    for (const scenario of scenarios) lines.push(await measure(scenario, scenario.server ?? product, bare, seconds, say));
    // Idle from here on, but its projectors would still poll during the cost figures.
    await limitsOff.stop();
    limitsOff = undefined;
    await split.stop();
    split = undefined;
    say();
    printTable(lines, scenarios, say);
    for (const line of lines.filter((each) => each.floor)) {
      say(
        `  ${line.name} at ${line.connections} connections: the same database work alone reaches ${line.floor!.ratioToBare.toFixed(2)} of the bare route ` +
          `(the most any HTTP layer could give); the product reaches ${line.floor!.productRatioToFloor.toFixed(2)} of that`,
      );
    }
    // Each against the bare route of its own figure, so drift between the two figures cancels out.
    const limited = lines[0]!;
    const unlimited = lines[1]!;
    const limiterRatio = limited.ratio / unlimited.ratio;
    say(
      `  rate limiter: generate at 16 connections with every request counted reaches ${limiterRatio.toFixed(2)} of its rate with limits off ` +
        `(${fmt(limited.product.perSecond)}/s vs ${fmt(unlimited.product.perSecond)}/s; as ratios to bare ${limited.ratio.toFixed(2)} vs ${unlimited.ratio.toFixed(2)})`,
    );
    say();
    const catalogueHeaders = await describeCatalogue(product.baseUrl);
    say(`  catalogue as served: ${catalogueHeaders.summary}`);

    say();
    say(`Database cost per generate request (16 connections, ${seconds} s each; counters read after PostgreSQL's ${STATS_SETTLE_MS / 1000} s statistics flush):`);
    cost = await DatabaseCost.open(database.url);
    await cost.listen(EVENTS_CHANNEL);
    const costs = await measureCost(cost, product, bare, body, seconds, say);
    const show = (label: string, figures: CostFigures) => {
      const records = figures.walRecords === undefined ? '' : `, WAL records ${figures.walRecords.toFixed(1)}`;
      const commits = figures.commitRecords
        ? `; commit records ${figures.commitRecords.all.toFixed(2)} (appends ${figures.commitRecords.appends.toFixed(2)}, commit-only ${figures.commitRecords.commitOnly.toFixed(2)}, other writers ${figures.commitRecords.other.toFixed(2)})`
        : '';
      say(`  ${label.padEnd(8)} commits ${figures.commits.toFixed(2)}, write transactions ${figures.writeTransactions.toFixed(2)}${records}, WAL ${fmt(figures.walBytes)} B${commits}; wake-up notifications ${figures.notifications.toFixed(2)}`);
    };
    show('product', costs.product);
    show('bare', costs.bare);
    if (!cost.walInspect) say('  (WAL records need pg_walinspect: not available on this server)');
    say('  (a wake-up NOTIFY is a transaction of its own after the appends it announces, coalesced to at most one per 5 ms per process: its commit record is not flushed, synchronous_commit off)');

    say();
    say('Goals:');
    const checks = [
      ...lines
        .map((line, index) => ({ line, scenario: scenarios[index]! }))
        .flatMap(({ line, scenario }) => [
          ...(scenario.goalRatio === undefined
            ? []
            : [{ check: `${line.name} at ${line.connections} connections >= ${scenario.goalRatio} x bare`, value: line.ratio.toFixed(2), pass: line.ratio >= scenario.goalRatio }]),
          ...(scenario.goalToFloor === undefined || !line.floor
            ? []
            : [{ check: `${line.name} at ${line.connections} connections >= ${scenario.goalToFloor} x the same work alone`, value: line.floor.productRatioToFloor.toFixed(2), pass: line.floor.productRatioToFloor >= scenario.goalToFloor }]),
          ...(scenario.goalP99Ms === undefined
            ? []
            : [{ check: `${line.name} p99 at ${line.connections} connections <= ${scenario.goalP99Ms} ms`, value: `${line.product.p99Ms.toFixed(1)} ms`, pass: line.product.p99Ms <= scenario.goalP99Ms }]),
          {
            check: `${line.name} at ${line.connections} connections: every answer a success`,
            value: `${fmt(line.product.requests)} answers, ${JSON.stringify(line.product.statuses)}, ${line.product.errors} errors`,
            pass: line.product.errors === 0 && Object.keys(line.product.statuses).every((kind) => kind === '2xx' || kind === '3xx'),
          },
        ]),
      ...(costs.product.commitRecords
        ? [{
            check: `commits flushed per generate request <= ${HTTP_GOALS.appendCommitsPerRequest} (the append's own; the coalesced wake-up NOTIFY commits asynchronously)`,
            value: `${costs.product.commitRecords.appends.toFixed(2)} append + ${costs.product.commitRecords.commitOnly.toFixed(2)} wake-up commits (${costs.product.notifications.toFixed(2)} notifications heard)`,
            pass: costs.product.commitRecords.appends <= HTTP_GOALS.appendCommitsPerRequest + 0.005,
          }]
        : []),
      {
        check: `generate with rate limits counted >= ${HTTP_GOALS.rateLimitedGenerateRatio} x generate with limits off (16 connections, ratios to bare)`,
        value: limiterRatio.toFixed(2),
        pass: limiterRatio >= HTTP_GOALS.rateLimitedGenerateRatio,
      },
      { check: 'catalogue compressed, with ETag and Cache-Control, 304 on If-None-Match', value: catalogueHeaders.summary, pass: catalogueHeaders.pass },
    ];
    for (const check of checks) say(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.check}: ${check.value}`);
    say(`  overall: ${checks.every((check) => check.pass) ? 'PASS' : 'FAIL'}`);
    return { lines, cost: costs };
  } finally {
    await cost?.close();
    await bare?.stop();
    await limitsOff?.stop();
    await offDatabase?.drop();
    await split?.stop();
    await splitDatabase?.drop();
    await product?.stop();
    await database.close();
    rmSync(files, { recursive: true, force: true });
  }
}

/** Another database on the server of `url`, for a second product. */
async function siblingDatabase(url: string, suffix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const target = new URL(url);
  const name = `${target.pathname.slice(1)}_${suffix}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function measure(scenario: Scenario, product: RunningProcess, bare: RunningProcess, seconds: number, say: (line?: string) => void): Promise<HttpLine> {
  // Each side: the server it loads and the request it sends (the same-work side only where the scenario has one).
  type SideName = 'product' | 'bare' | 'floor';
  const runs: { side: SideName; server: RunningProcess; request: LoadRequest }[] = [
    { side: 'bare', server: bare, request: scenario.bare },
    { side: 'product', server: product, request: scenario.product },
    ...(scenario.floor ? [{ side: 'floor' as const, server: bare, request: scenario.floor }] : []),
  ];
  const sides = Object.fromEntries(runs.map(({ side }) => [side, { figures: [], cpuUs: new Map() } as Side])) as Record<SideName, Side>;
  const expectSuccess = (status: number) => {
    if (status >= 400) throw new Error(`${scenario.name}: the warm-up got ${status}`);
  };
  // Both sides first serve the same load unmeasured for a while: a figure is the
  // servers' steady state (JIT-compiled, pools and caches filled), not their first seconds.
  for (const { server, request: load } of runs) {
    await runLoad({
      baseUrl: server.baseUrl,
      connections: scenario.connections,
      seconds: WARM_UP_SECONDS,
      request: load,
      check: expectSuccess,
    });
    await sleep(500);
  }
  for (let segment = 0; segment < SEGMENTS; segment++) {
    const order = segment % 2 === 0 ? runs : [...runs].reverse();
    for (const { side, server, request: load } of order) {
      const before = cpuByName(process.pid);
      const ownBefore = ownCpuUs();
      const figures = await runLoad({
        baseUrl: server.baseUrl,
        connections: scenario.connections,
        seconds: seconds / SEGMENTS,
        request: load,
        check: expectSuccess,
      });
      const spent = cpuDelta(before, cpuByName(process.pid));
      spent.set('load generator', ownCpuUs() - ownBefore);
      sides[side].figures.push(figures);
      for (const [name, us] of spent) sides[side].cpuUs.set(name, (sides[side].cpuUs.get(name) ?? 0) + us);
      // Let the projectors catch up, so one side's backlog is not the other's load.
      await sleep(500);
    }
  }
  const productFigures = combine(sides.product.figures);
  const bareFigures = combine(sides.bare.figures);
  const perRequest = (side: Side, requests: number) =>
    Object.fromEntries([...side.cpuUs].filter(([, us]) => us > 0).sort((a, b) => b[1] - a[1]).map(([name, us]) => [name, round(us / requests, 0)]));
  const { latencies: _p, ...productOut } = productFigures;
  const { latencies: _b, ...bareOut } = bareFigures;
  const line: HttpLine = {
    name: scenario.name,
    connections: scenario.connections,
    product: productOut,
    bare: bareOut,
    ratio: round(productFigures.perSecond / bareFigures.perSecond, 3),
    productCpuUsPerRequest: perRequest(sides.product, productFigures.requests),
    bareCpuUsPerRequest: perRequest(sides.bare, bareFigures.requests),
  };
  if (scenario.floor) {
    const { latencies: _f, ...floorOut } = combine(sides.floor.figures);
    line.floor = {
      figures: floorOut,
      ratioToBare: round(floorOut.perSecond / bareFigures.perSecond, 3),
      productRatioToFloor: round(productFigures.perSecond / floorOut.perSecond, 3),
      cpuUsPerRequest: perRequest(sides.floor, floorOut.requests),
    };
  }
  const cpu = (record: Record<string, number>) => Object.entries(record).map(([name, us]) => `${name} ${us}`).join(', ');
  say(
    `  ${scenario.name.padEnd(20)} ${String(scenario.connections).padStart(2)} conn  product ${fmt(productFigures.perSecond).padStart(6)}/s ` +
      `p50 ${productFigures.p50Ms.toFixed(1)} p99 ${productFigures.p99Ms.toFixed(1)} ms, ${fmt(productFigures.bodyBytes)} B | bare ${fmt(bareFigures.perSecond).padStart(6)}/s ` +
      `p50 ${bareFigures.p50Ms.toFixed(1)} p99 ${bareFigures.p99Ms.toFixed(1)} ms, ${fmt(bareFigures.bodyBytes)} B | ratio ${line.ratio.toFixed(2)}`,
  );
  say(`      CPU us per request: product ${cpu(line.productCpuUsPerRequest)} | bare ${cpu(line.bareCpuUsPerRequest)}`);
  if (line.floor) {
    say(
      `      same work (bare append + projectors) ${fmt(line.floor.figures.perSecond).padStart(6)}/s p50 ${line.floor.figures.p50Ms.toFixed(1)} p99 ${line.floor.figures.p99Ms.toFixed(1)} ms: ` +
        `${line.floor.ratioToBare.toFixed(2)} of bare, product ${line.floor.productRatioToFloor.toFixed(2)} of it; CPU us per request ${cpu(line.floor.cpuUsPerRequest)}`,
    );
  }
  return line;
}

/** Runs each side's generate load once between statistics snapshots taken after the flush delay. */
async function measureCost(
  cost: DatabaseCost,
  product: RunningProcess,
  bare: RunningProcess,
  body: string,
  seconds: number,
  say: (line?: string) => void,
): Promise<{ product: CostFigures; bare: CostFigures }> {
  const load = (target: RunningProcess, path: string) =>
    runLoad({ baseUrl: target.baseUrl, connections: 16, seconds, request: { method: 'POST', path, headers: { 'accept-encoding': BROWSER_ENCODINGS }, body } });
  await sleep(STATS_SETTLE_MS);
  // What the idle product commits meanwhile (projectors polling), taken off both sides' figures.
  const idleFrom = await cost.snapshot();
  await sleep(5000);
  const idleTo = await cost.snapshot();
  const idlePerMs = (idleTo.xactCommit - idleFrom.xactCommit) / (idleTo.at - idleFrom.at);
  say(`  idle product: ${(idlePerMs * 1000).toFixed(1)} commits/s (subtracted)`);
  const productLoad = await load(product, '/api/generate');
  await sleep(STATS_SETTLE_MS);
  const afterProduct = await cost.snapshot();
  const bareLoad = await load(bare, '/insert');
  await sleep(STATS_SETTLE_MS);
  const afterBare = await cost.snapshot();
  // Warm-up requests count too: they reached the database as well.
  const warm = 16 * 4;
  return {
    product: await cost.between(idleTo, afterProduct, productLoad.requests + warm, idlePerMs),
    bare: await cost.between(afterProduct, afterBare, bareLoad.requests + warm, idlePerMs),
  };
}

/** The event the product appends for one generate of `body`: the same-work baseline appends copies of it. */
async function eventOfOneGenerate(baseUrl: string, databaseUrl: string, body: string): Promise<unknown> {
  const answer = await fetch(`${baseUrl}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (!answer.ok) throw new Error(`generate answered ${answer.status}: ${await answer.text()}`);
  const { id } = (await answer.json()) as { id: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT event_type, schema_version, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_version LIMIT 1', [`joke-${id}`]);
    if (found.rowCount !== 1) throw new Error(`no event in stream joke-${id}`);
    return found.rows[0];
  } finally {
    await client.end();
  }
}

/** A raw GET as a browser revalidating its copy sends it (fetch would add Cache-Control: no-cache to a conditional request). */
function rawGet(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path: url.pathname, headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers }));
    })
      .on('error', reject)
      .end();
  });
}

async function describeCatalogue(baseUrl: string): Promise<{ summary: string; pass: boolean }> {
  const first = await rawGet(baseUrl, '/api/comedians', { 'accept-encoding': BROWSER_ENCODINGS });
  const { 'content-encoding': encoding, etag, 'cache-control': cacheControl } = first.headers;
  const again = typeof etag === 'string' ? await rawGet(baseUrl, '/api/comedians', { 'accept-encoding': BROWSER_ENCODINGS, 'if-none-match': etag }) : undefined;
  return {
    summary: `content-encoding ${encoding ?? 'none'}, etag ${etag ?? 'none'}, cache-control "${cacheControl ?? ''}", If-None-Match -> ${again?.status ?? 'not tried'}`,
    pass: Boolean(encoding && etag && cacheControl && again?.status === 304),
  };
}

function printTable(lines: HttpLine[], scenarios: Scenario[], say: (line?: string) => void): void {
  const header = ['route', 'conn', 'product/s', 'bare/s', 'ratio', 'goal', 'p50 ms', 'p99 ms', 'bare p50', 'bare p99', 'same work/s', 'its ratio'];
  const rows = lines.map((line, index) => {
    const scenario = scenarios[index]!;
    const goal = [scenario.goalRatio === undefined ? '' : `>= ${scenario.goalRatio}`, scenario.goalP99Ms === undefined ? '' : `p99 <= ${scenario.goalP99Ms}`].filter(Boolean).join(', ');
    return [
      line.name, String(line.connections), fmt(line.product.perSecond), fmt(line.bare.perSecond), line.ratio.toFixed(2), goal,
      line.product.p50Ms.toFixed(1), line.product.p99Ms.toFixed(1), line.bare.p50Ms.toFixed(1), line.bare.p99Ms.toFixed(1),
      line.floor ? fmt(line.floor.figures.perSecond) : '', line.floor ? line.floor.ratioToBare.toFixed(2) : '',
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (cells: string[]) => `  ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}`;
  say(format(header));
  say(format(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) say(format(row));
}
