import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { compareCursors, Projector, rebuildProjection, rowProjection, type Cursor, type NewEvent, type Projection, type RowProjectionDefinition, type RowShape } from '@jokes/event-store';
import { REFUSAL_STAGES, SAFETY_CATEGORIES, jokeStreamId, type JokeRefused } from '@jokes/domain';
import {
  engagementRatingsReadModel,
  engagementReadModel,
  engagementRefusalsReadModel,
  engagementVisitorsReadModel,
  funnelReadModel,
  ENGAGEMENT_BY,
  REFUSALS_BY,
} from '@jokes/read-models';
import { engagementLog } from '@jokes/read-models/testing';
import { QueryApp } from '../testing/query-app.js';

/**
 * The three ways to the engagement figures agree over the same events: the
 * dashboard's API reading projections kept live batch by batch, the same API
 * after the projections were rebuilt from zero, and `npm run report`
 * replaying the stream itself (the built command, as a user runs it).
 */

const REPORT_CLI = fileURLToPath(new URL('../../../projectors/dist/report.js', import.meta.url));
const run = promisify(execFile);
const engagementProjections: Projection[] = [engagementReadModel, engagementRatingsReadModel, engagementVisitorsReadModel, funnelReadModel, engagementRefusalsReadModel].map((model) =>
  rowProjection(model as unknown as RowProjectionDefinition<RowShape>),
);

let api: QueryApp;
const analyst = { userId: '00000000-0000-4000-8000-00000000a11a', roles: ['analyst'] };

/** Jokes of the log that support withdrew after they were rated and shared (see withdrawSome). */
const withdrawnJokes: string[] = [];
let generatedInLog = 0;

/**
 * Support takes down every 50th joke of the log, after its ratings and shares:
 * a withdrawn joke still counts (it was generated, rated, shared), and no
 * engagement read model or the report reads JokeWithdrawn, so live, rebuilt
 * and replayed figures must agree with those jokes in them.
 */
async function withdrawSome(jokeStreams: readonly string[]): Promise<Cursor> {
  let last: Cursor = { transactionId: 0n, globalPosition: 0n };
  for (const [index, stream] of jokeStreams.entries()) {
    if (index % 50 !== 0) continue;
    const jokeId = stream.slice('joke-'.length);
    const reported = { type: 'JokeReported', data: { jokeId, reporterId: 'reader', reason: 'copyright', reportedAt: '2026-03-06T10:00:00.000Z' } };
    const withdrawn = { type: 'JokeWithdrawn', data: { jokeId, userId: null, reason: 'copyright', withdrawnAt: '2026-03-06T11:00:00.000Z' } };
    last = (await api.store.append(stream, [reported, withdrawn], { expectedVersion: 'stream_exists' })).position;
    withdrawnJokes.push(jokeId);
  }
  return last;
}

/** Comedians of the log and one it never wrote for: a style whose every generate was refused still has its row. */
const REFUSED_STYLES = ['Jerry Seinfeld', 'Ali Wong', 'Tig Notaro', 'Nobody Else'];
let refusedInLog = 0;

/**
 * Generates the moderator refused, spread over the log's days, its comedians,
 * every category and both stages, each on a joke stream of its own as the
 * command side writes them.
 */
async function refuseSome(): Promise<Cursor> {
  let last: Cursor = { transactionId: 0n, globalPosition: 0n };
  for (let n = 0; n < 90; n++) {
    const jokeId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const refused: JokeRefused = {
      type: 'JokeRefused',
      data: {
        jokeId,
        comedianStyle: REFUSED_STYLES[n % REFUSED_STYLES.length]!,
        length: 'short',
        stage: REFUSAL_STAGES[n % 5 === 0 ? 1 : 0]!,
        category: SAFETY_CATEGORIES[n % SAFETY_CATEGORIES.length]!,
        moderator: 'offline',
        refusedAt: `2026-03-0${1 + (n % 6)}T12:00:00.000Z`,
      },
    };
    last = (await api.store.append(jokeStreamId(jokeId), [refused], { expectedVersion: 'no_stream' })).position;
    refusedInLog++;
  }
  return last;
}

/** A stream's consecutive events in one append, as the command side writes a batch. */
async function appendLog(): Promise<Cursor> {
  let stream: string | undefined;
  let batch: NewEvent[] = [];
  const flush = async () => {
    if (stream && batch.length > 0) await api.store.append(stream, batch, { expectedVersion: 'any' });
    batch = [];
  };
  const jokeStreams = new Set<string>();
  for (const { streamId, event } of engagementLog({ events: 2500, seed: 909, days: 6 })) {
    if (event.type === 'JokeGenerated') {
      jokeStreams.add(streamId);
      generatedInLog++;
    }
    if (streamId !== stream) await flush();
    stream = streamId;
    batch.push(event);
  }
  await flush();
  await refuseSome();
  // The withdrawals come last, so their position is the log's end.
  return withdrawSome([...jokeStreams]);
}

async function untilProjected(projectors: Projector[], head: Cursor): Promise<void> {
  while (projectors.some((projector) => compareCursors(projector.position, head) < 0)) await new Promise((resolve) => setTimeout(resolve, 20));
}

const searches = [...ENGAGEMENT_BY.map((by) => `by=${by}`), 'by=day&from=2026-03-02&to=2026-03-04', 'by=topic&from=2026-03-05'];
const refusalSearches = [...REFUSALS_BY.map((by) => `by=${by}`), 'by=comedian&from=2026-03-02&to=2026-03-04'];

async function apiFigures(): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  for (const search of searches) figures[search] = (await api.call('GET', `/api/analytics/engagement?${search}`, { as: analyst })).body;
  figures.funnel = (await api.call('GET', '/api/analytics/funnel', { as: analyst })).body;
  figures['funnel from=2026-03-03'] = (await api.call('GET', '/api/analytics/funnel?from=2026-03-03', { as: analyst })).body;
  for (const search of refusalSearches) figures[`refusals ${search}`] = (await api.call('GET', `/api/analytics/refusals?${search}`, { as: analyst })).body;
  return figures;
}

async function cliFigures(): Promise<Record<string, unknown>> {
  const report = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [REPORT_CLI, ...args, '--format', 'json'], { env: { ...process.env, DATABASE_URL: api.db.url } });
    // The API answers without the replay's own fields.
    const { report: _report, position: _position, events: _events, ...figures } = JSON.parse(stdout) as Record<string, unknown>;
    return figures;
  };
  const figures: Record<string, unknown> = {};
  for (const search of searches) {
    const params = new URLSearchParams(search);
    figures[search] = await report('engagement', ...[...params].flatMap(([name, value]) => [`--${name}`, value]));
  }
  // The funnel's answer is its days.
  figures.funnel = { days: (await report('funnel')).days };
  figures['funnel from=2026-03-03'] = { days: (await report('funnel', '--from', '2026-03-03')).days };
  for (const search of refusalSearches) {
    const params = new URLSearchParams(search);
    figures[`refusals ${search}`] = await report('refusals', ...[...params].flatMap(([name, value]) => [`--${name}`, value]));
  }
  return figures;
}

let live: Record<string, unknown>;
beforeAll(async () => {
  if (!existsSync(REPORT_CLI)) throw new Error(`${REPORT_CLI} is missing: build the projectors first (npm test does; or npx nx run @jokes/projectors:build)`);
  api = await QueryApp.start('qagree');
  // The projections follow the appends live, a small batch at a time.
  const projectors = engagementProjections.map((projection) => new Projector(api.store, projection, { connectionString: api.db.url, batchSize: 40, pollIntervalMs: 10 }));
  const running = projectors.map((projector) => projector.start());
  try {
    const last = await appendLog();
    while (compareCursors(await api.store.head(), last) < 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await untilProjected(projectors, last);
  } finally {
    await Promise.all(projectors.map((projector) => projector.stop()));
    await Promise.all(running);
  }
  live = await apiFigures();
}, 120_000);
afterAll(async () => api?.stop());

describe('the engagement figures, three ways', () => {
  it('cover every kind of figure, so equal means something', () => {
    const byDay = live['by=day'] as { rows: { generated: number; rated: number; shares_total: number; page_views: number; unique_visitors: number }[] };
    for (const figure of ['generated', 'rated', 'shares_total', 'page_views', 'unique_visitors'] as const) expect(byDay.rows.some((row) => row[figure] > 0)).toBe(true);
    const funnel = live.funnel as { days: { engaged: number; signed_up: number; trials: number; paid: number }[] };
    for (const step of ['engaged', 'signed_up', 'trials', 'paid'] as const) expect(funnel.days.some((day) => day[step] > 0)).toBe(true);
    const refusals = live['refusals by=comedian'] as { rows: { key: string; attempts: number; refused: number; refusal_rate: number; categories: Record<string, number>; stages: Record<string, number> }[] };
    expect(refusals.rows.reduce((sum, row) => sum + row.refused, 0)).toBe(refusedInLog);
    for (const category of SAFETY_CATEGORIES) expect(refusals.rows.some((row) => row.categories[category]! > 0)).toBe(true);
    for (const stage of REFUSAL_STAGES) expect(refusals.rows.some((row) => row.stages[stage]! > 0)).toBe(true);
    expect(refusals.rows.find((row) => row.key === 'Nobody Else')).toMatchObject({ refusal_rate: 1 });
    expect(refusals.rows.some((row) => row.refusal_rate > 0 && row.refusal_rate < 1)).toBe(true);
  });

  it('keeps engagement figures equal live and after a rebuild with a withdrawn joke', async () => {
    expect(withdrawnJokes.length).toBeGreaterThan(1);
    // Decided: a withdrawn joke was generated, so it counts in 'generated' (and its ratings and shares stay).
    const byDay = live['by=day'] as { rows: { generated: number }[] };
    expect(byDay.rows.reduce((sum, row) => sum + row.generated, 0)).toBe(generatedInLog);
    for (const projection of engagementProjections) await rebuildProjection(api.store, projection);
    expect(await apiFigures()).toEqual(live);
  });

  it('are the same from projections rebuilt from zero as from the live ones', async () => {
    for (const projection of engagementProjections) await rebuildProjection(api.store, projection);
    expect(await apiFigures()).toEqual(live);
  });

  it('are the same from npm run report replaying the stream', async () => {
    expect(await cliFigures()).toEqual(live);
  }, 60_000);
});
