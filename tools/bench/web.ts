// npm run bench -- web: the home page's cold load in headless Chromium (issue 12),
// next to a bare static page loaded by the same browser in the same run.
//
// Builds nothing: it serves the built web app (WEB_DIST_DIR, default apps/web/dist)
// behind the built product (tools/start.ts on a throw-away database and DATA_DIR).
//
//   BENCH_WEB_RUNS  cold loads of each page (default 3)
//   CHROMIUM_PATH   the browser (default /usr/bin/chromium)
//   DATABASE_URL    as for every section (else an embedded PostgreSQL in .data/bench-web-postgres)
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { projectRoot } from '../postgres.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-database.ts';
import { launchChromium, measurePageLoad, type PageLoad } from './page-load.ts';
import { startProduct, type RunningProcess } from './product-stack.ts';

const GOALS = { scriptKb: 150, lcpMs: 500, cls: 0.01 };
const KB = 1024;
// Usable: the page is the app's (not inert, see apps/web/index.html) and Generate Joke can be pressed
// (it waits for the comedian list).
const HOME_USABLE = `document.querySelector('#root:not([inert]) button[type="submit"]:not([disabled])') !== null`;

// What a page with nothing to run costs to paint: the home page's title and
// tagline as static HTML, no script, no style sheet.
const BARE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Standup Jokes AI</title></head>
<body><h1>Standup Jokes AI</h1><p>AI stand-up jokes in the style of your favourite comedian.</p></body></html>`;

function startBarePage(): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(BARE_PAGE);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

function checkBuilt(): string {
  const webDist = resolve(process.env.WEB_DIST_DIR ?? join(projectRoot(), 'apps/web/dist'));
  const missing = [join(webDist, 'index.html'), ...['edge', 'command-api', 'query-api', 'projectors', 'local-stripe'].map((app) => join(projectRoot(), `apps/${app}/dist/main.js`))].filter(
    (file) => !existsSync(file),
  );
  if (missing.length > 0) {
    throw new Error(`the web bench measures the built product; build it first (npx nx run-many -t build). Missing: ${missing.join(', ')}`);
  }
  return webDist;
}

const range = (values: number[], digits: number) => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}-${high}`;
};

function table(say: (line: string) => void, home: PageLoad[], bare: PageLoad[]): void {
  const rows: [string, number[], number, string][] = [
    ['JavaScript before first paint (KB)', home.map((load) => load.scriptBytesBeforeFcp / KB), 1, `≤ ${GOALS.scriptKb}`],
    ['  in requests', home.map((load) => load.scriptRequestsBeforeFcp), 0, ''],
    ['requests before first paint', home.map((load) => load.requestsBeforeFcp), 0, ''],
    ['first contentful paint (ms)', home.map((load) => load.fcp), 0, ''],
    ['largest contentful paint (ms)', home.map((load) => load.lcp), 0, `≤ ${GOALS.lcpMs}`],
    ['cumulative layout shift', home.map((load) => load.cls), 3, `≤ ${GOALS.cls} (no jump)`],
    ['Generate Joke usable (ms)', home.map((load) => load.usable), 0, ''],
    ['JavaScript, whole page (KB)', home.map((load) => load.scriptBytes / KB), 1, ''],
    ['  in requests', home.map((load) => load.scriptRequests), 0, ''],
    ['bare page: largest contentful paint (ms)', bare.map((load) => load.lcp), 0, ''],
    ['LCP home / bare page', home.map((load, run) => load.lcp / bare[run]!.lcp), 1, ''],
  ];
  const header = ['', ...home.map((_load, run) => `run ${run + 1}`), 'range', 'goal'];
  const lines = [header, ...rows.map(([name, values, digits, goal]) => [name, ...values.map((value) => value.toFixed(digits)), range(values, digits), goal])];
  const widths = header.map((_cell, column) => Math.max(...lines.map((line) => line[column]!.length)));
  for (const line of lines) say(`  ${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}`);
  const elements = [...new Set(home.map((load) => load.lcpElement))];
  say(`  largest contentful paint of the home page: ${elements.join(' | ')}`);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const worst = (pick: (load: PageLoad) => number) => Math.max(...home.map(pick));
  say(
    `  ${verdict(worst((load) => load.scriptBytesBeforeFcp) <= GOALS.scriptKb * KB)} JavaScript before first paint,` +
      ` ${verdict(worst((load) => load.lcp) <= GOALS.lcpMs)} largest contentful paint,` +
      ` ${verdict(worst((load) => load.cls) <= GOALS.cls)} layout shift (worst of ${home.length} runs)`,
  );
}

/** Runs the section; prints its table through `say` and answers the figures of every load. */
export async function runWebBench(say: (line: string) => void): Promise<{ home: PageLoad[]; bare: PageLoad[] }> {
  const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_WEB_RUNS must be a positive whole number');
  const webDist = checkBuilt();
  say(`web: the home page, cold, in headless Chromium (${runs} runs; KB = 1,024 bytes; web app from ${webDist})`);

  let database: BenchDatabase | undefined;
  let product: RunningProcess | undefined;
  let barePage: Server | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    database = await openBenchDatabase('web', say);
    product = await startProduct(database.url, { WEB_DIST_DIR: webDist });
    barePage = await startBarePage();
    browser = await launchChromium();
    // localhost, as a visitor of `npm start` types it.
    const homeUrl = `${product.baseUrl.replace('127.0.0.1', 'localhost')}/`;
    const bareUrl = `http://localhost:${(barePage.address() as AddressInfo).port}/`;
    // Not counted: the edge compresses each asset on its first request and keeps it.
    await measurePageLoad(browser, homeUrl, { usable: HOME_USABLE });
    await measurePageLoad(browser, bareUrl);
    const home: PageLoad[] = [];
    const bare: PageLoad[] = [];
    for (let run = 0; run < runs; run += 1) {
      bare.push(await measurePageLoad(browser, bareUrl));
      home.push(await measurePageLoad(browser, homeUrl, { usable: HOME_USABLE }));
    }
    table(say, home, bare);
    return { home, bare };
  } finally {
    await browser?.close().catch(() => undefined);
    if (barePage) await new Promise((done) => barePage!.close(() => done(undefined)));
    await product?.stop().catch((error: Error) => say(`could not stop the product: ${error.message}`));
    await database?.close();
  }
}
