import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { compareCursors, formatCursor, InMemoryEventStore, openKurrentDbEventStore, PostgresEventStore, type Cursor, type NewEvent } from '@jokes/event-store';
import { createTestDatabase, LocalKurrentDbServer, type TestDatabase } from '@jokes/event-store/testing';
import { engagementLog } from '@jokes/read-models/testing';
import { openReportStore } from './report-store.js';
import { runReport } from './run-report.js';
import type { ReplaySource } from './stream-replay.js';

let db: TestDatabase;
let store: PostgresEventStore;

/** Appends the log, a stream's consecutive events in one append, and waits until catch-up reads see it all. */
async function append(target: PostgresEventStore, log: Iterable<{ streamId: string; event: NewEvent }>): Promise<void> {
  let stream: string | undefined;
  let batch: NewEvent[] = [];
  let last: Cursor | undefined;
  const flush = async () => {
    if (stream && batch.length > 0) last = (await target.append(stream, batch, { expectedVersion: 'any' })).position;
    batch = [];
  };
  for (const { streamId, event } of log) {
    if (streamId !== stream) await flush();
    stream = streamId;
    batch.push(event);
  }
  await flush();
  while (last && compareCursors(await target.head(), last) < 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

const joke = (generatedAt: string): { streamId: string; event: NewEvent } => {
  const jokeId = randomUUID();
  return {
    streamId: `joke-${jokeId}`,
    event: { type: 'JokeGenerated', data: { jokeId, userId: null, comedianStyle: 'Ali Wong', topic: 'late', topicSuggested: false, length: 'short', content: 'Late.', writer: 'offline', premiumBypass: false, generatedAt } },
  };
};

beforeAll(async () => {
  db = await createTestDatabase('report');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
  await append(store, engagementLog({ events: 1500, seed: 7, days: 5 }));
});
afterAll(async () => db?.drop());

async function run(argv: string[], using: ReplaySource = store) {
  const out: string[] = [];
  const err: string[] = [];
  let opened = false;
  const code = await runReport(argv, () => ((opened = true), using), { stdout: { write: (text: string) => out.push(text) }, stderr: { write: (text: string) => err.push(text), isTTY: false } });
  return { code, stdout: out.join(''), stderr: err.join(''), opened };
}

describe('npm run report', () => {
  it('prints the same figures on every run, with the position they were replayed up to', async () => {
    const first = await run(['engagement', '--format', 'json']);
    const second = await run(['engagement', '--format', 'json']);
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const report = JSON.parse(first.stdout) as { position: string; events: number; rows: { generated: number; rated: number; shares_total: number; page_views: number }[] };
    expect(report).toMatchObject({ position: formatCursor(await store.head()), events: 1500 });
    // The log has every kind of figure, so the comparison is not between empty reports.
    for (const figure of ['generated', 'rated', 'shares_total', 'page_views'] as const) expect(report.rows.some((row) => row[figure] > 0)).toBe(true);
  });

  it('replays a store other than PostgreSQL (KurrentDB with EVENTSTORE_URL) through the port to the same figures', async () => {
    const other = new InMemoryEventStore();
    for (const { streamId, event } of engagementLog({ events: 1500, seed: 7, days: 5 })) await other.append(streamId, [event], { expectedVersion: 'any' });
    for (const report of ['engagement', 'funnel']) {
      const fromPostgres = JSON.parse((await run([report, '--format', 'json'])).stdout) as { events: number; position: string };
      const fromOther = JSON.parse((await run([report, '--format', 'json'], other)).stdout) as { events: number; position: string };
      expect(fromOther.events).toBe(fromPostgres.events);
      expect({ ...fromOther, position: undefined }).toEqual({ ...fromPostgres, position: undefined });
    }
  });

  it('leaves out what is appended after the head it read at the start', async () => {
    const before = JSON.parse((await run(['engagement', '--by', 'comedian', '--format', 'json'])).stdout) as { position: string; rows: unknown[] };
    // A store on which a joke is generated just after the report has read the head.
    let late: Cursor | undefined;
    class Busy extends PostgresEventStore {
      override async head(): Promise<Cursor> {
        const head = await super.head();
        const { streamId, event } = joke('2026-03-02T10:00:00.000Z');
        late = (await store.append(streamId, [event])).position;
        return head;
      }
    }
    const during = JSON.parse((await run(['engagement', '--by', 'comedian', '--format', 'json'], new Busy(db.pool, { notify: false }))).stdout) as unknown;
    expect(during).toEqual(before);
    while (compareCursors(await store.head(), late!) < 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const after = JSON.parse((await run(['engagement', '--by', 'comedian', '--format', 'json'])).stdout) as { position: string; events: number };
    expect(after).toMatchObject({ events: 1501, position: formatCursor(late!) });
  });

  it('keeps stdout to the figures as csv, and says on stderr how far it replayed', async () => {
    const { code, stdout, stderr } = await run(['funnel', '--format', 'csv']);
    expect(code).toBe(0);
    expect(stdout.split('\r\n')[0]).toBe('day,visitors,generated,engaged,signed_up,trials,paid');
    expect(stdout.split('\r\n').slice(1, -1).every((line) => /^2026-03-0\d(,\d+){6}$/.test(line))).toBe(true);
    expect(stderr).toMatch(new RegExp(`^Replayed 1,501 events up to position ${formatCursor(await store.head()).replace('.', '\\.')} in `));
  });

  it('answers 2 and how to use it to a wrong command line, reading nothing', async () => {
    const { code, stdout, stderr, opened } = await run(['engagement', '--by', 'user']);
    expect({ code, stdout, opened }).toEqual({ code: 2, stdout: '', opened: false });
    expect(stderr).toMatch(/--by must be one of day, comedian, length, topic, platform: user\nUsage: npm run report -- engagement/);
  });
});

describe('npm run report: where it reads the events', () => {
  it('replays the events in KurrentDB where EVENTSTORE_URL names one, not those of PostgreSQL', async () => {
    const server = new LocalKurrentDbServer();
    await server.start();
    const writer = await openKurrentDbEventStore(server.connectionString);
    const opened = await openReportStore({ EVENTSTORE_URL: server.connectionString, DATABASE_URL: db.url });
    try {
      // Another log than PostgreSQL's, appended through the KurrentDB store as the command API appends.
      const log = [...engagementLog({ events: 300, seed: 11, days: 2 })];
      const expected = new InMemoryEventStore();
      let last: Cursor | undefined;
      for (const { streamId, event } of log) {
        last = (await writer.append(streamId, [event], { expectedVersion: 'any' })).position;
        await expected.append(streamId, [event], { expectedVersion: 'any' });
      }
      const fromKurrent = JSON.parse((await run(['engagement', '--format', 'json'], opened.store)).stdout) as { events: number; position: string };
      expect(fromKurrent).toMatchObject({ events: 300, position: formatCursor(last!) });
      const fromLog = JSON.parse((await run(['engagement', '--format', 'json'], expected)).stdout) as { events: number };
      expect({ ...fromKurrent, position: undefined }).toEqual({ ...fromLog, position: undefined });
    } finally {
      await opened.close();
      await writer.close();
      await server.stop();
    }
  });

  it('replays PostgreSQL without EVENTSTORE_URL', async () => {
    const opened = await openReportStore({ DATABASE_URL: db.url });
    try {
      const report = JSON.parse((await run(['engagement', '--format', 'json'], opened.store)).stdout) as { position: string };
      expect(report.position).toBe(formatCursor(await store.head()));
    } finally {
      await opened.close();
    }
  });
});
