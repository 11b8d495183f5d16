import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AppendResult, PostgresEventStore, rebuildProjection } from '@jokes/event-store';
import { createTestDatabase, untilReadable, type TestDatabase } from '@jokes/event-store/testing';
import { dailyGenerationsProjection, jokeHistoryProjection, reportedJokesProjection } from './index.js';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('readmodels');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
});
afterAll(async () => db.drop());

const joke = (userId: string | null, comedianStyle: string, generatedAt: string, topicSuggested = false) => {
  const jokeId = randomUUID();
  return store.append(
    `joke-${jokeId}`,
    [{ type: 'JokeGenerated', data: { jokeId, userId, comedianStyle, topic: 'cats', topicSuggested, length: 'short', content: `Joke ${jokeId}.`, writer: 'offline', premiumBypass: false, generatedAt } }],
    { expectedVersion: 'no_stream' },
  );
};

/** Catch-up reads see an append once every older transaction on the (shared) server has ended. */
const appended = async (append: Promise<AppendResult>): Promise<void> => untilReadable(store, (await append).position);

describe('read models from events', () => {
  it('given generated jokes, builds the jokes table and the daily counts', async () => {
    await joke('user-1', 'Ali Wong', '2026-11-20T09:00:00.000Z');
    await joke('user-1', 'Ali Wong', '2026-11-20T23:59:59.000Z', true);
    await appended(joke(null, 'Bill Burr', '2026-11-21T00:00:00.000Z'));
    await rebuildProjection(store, jokeHistoryProjection);
    await rebuildProjection(store, dailyGenerationsProjection);

    const jokes = await db.pool.query('SELECT user_id, comedian_style, rating FROM jokes ORDER BY created_at');
    expect(jokes.rows).toEqual([
      { user_id: 'user-1', comedian_style: 'Ali Wong', rating: null },
      { user_id: 'user-1', comedian_style: 'Ali Wong', rating: null },
      { user_id: null, comedian_style: 'Bill Burr', rating: null },
    ]);
    const counts = await db.pool.query("SELECT to_char(day, 'YYYY-MM-DD') AS day, comedian_style, generated, suggested_topics FROM daily_generations ORDER BY day");
    expect(counts.rows).toEqual([
      { day: '2026-11-20', comedian_style: 'Ali Wong', generated: 2, suggested_topics: 1 },
      { day: '2026-11-21', comedian_style: 'Bill Burr', generated: 1, suggested_topics: 0 },
    ]);
  });

  it('keeps each joke row as it is when its creating event is applied again', async () => {
    const before = await db.pool.query('SELECT * FROM jokes ORDER BY id');
    const events = await store.readAll({ transactionId: 0n, globalPosition: 0n }, 1000);
    const client = await db.pool.connect();
    try {
      await client.query("UPDATE jokes SET content = 'edited by a later event'");
      await jokeHistoryProjection.apply(client, events, { jokes: 'jokes' });
    } finally {
      client.release();
    }
    const after = await db.pool.query('SELECT content FROM jokes');
    expect(after.rows.every((row) => row.content === 'edited by a later event')).toBe(true);
    expect(after.rows).toHaveLength(before.rows.length);
  });

  it('counts nothing twice when the same events are applied again', async () => {
    const events = await store.readAll({ transactionId: 0n, globalPosition: 0n }, 1000);
    const client = await db.pool.connect();
    try {
      await dailyGenerationsProjection.apply(client, events, { daily_generations: 'daily_generations' });
    } finally {
      client.release();
    }
    const total = await db.pool.query('SELECT sum(generated)::int AS total FROM daily_generations');
    expect(total.rows[0].total).toBe(3);
  });

  it("shows the owner's newest rating of their joke after a rebuild, never another user's", async () => {
    const jokeId = randomUUID();
    const rated = (userId: string, rating: number, previousRating: number | null) => ({
      type: 'JokeRated',
      data: { jokeId, userId, rating, previousRating, comedianStyle: 'Ali Wong', length: 'short', topic: 'cats', ratedAt: '2026-11-22T10:00:00.000Z' },
    });
    await appended(
      store.append(`joke-${jokeId}`, [
        { type: 'JokeGenerated', data: { jokeId, userId: 'owner', comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'Rated.', writer: 'offline', premiumBypass: false, generatedAt: '2026-11-22T09:00:00.000Z' } },
        rated('owner', 4, null),
        rated('reader', 1, null),
        rated('owner', 2, 4),
      ]),
    );
    await rebuildProjection(store, jokeHistoryProjection);

    const row = await db.pool.query('SELECT rating FROM jokes WHERE id = $1', [jokeId]);
    expect(row.rows).toEqual([{ rating: 2 }]);
  });

  it('given reports, a dismissal and a withdrawal, builds the support queue and drops the withdrawn joke from jokes', async () => {
    const [kept, dismissed, withdrawn] = [randomUUID(), randomUUID(), randomUUID()];
    const generated = (jokeId: string) => ({
      type: 'JokeGenerated',
      data: { jokeId, userId: 'owner', comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'Reported.', writer: 'offline', premiumBypass: false, generatedAt: '2026-11-23T09:00:00.000Z' },
    });
    const reported = (jokeId: string, reporterId: string, reason: string, reportedAt: string) => ({ type: 'JokeReported', data: { jokeId, reporterId, reason, reportedAt } });
    await store.append(`joke-${kept}`, [generated(kept), reported(kept, 'a', 'copyright', '2026-11-23T10:00:00.000Z'), reported(kept, 'b', 'offensive', '2026-11-23T11:00:00.000Z')]);
    await store.append(`joke-${dismissed}`, [generated(dismissed), reported(dismissed, 'a', 'other', '2026-11-23T10:00:00.000Z'), { type: 'JokeReportsDismissed', data: { jokeId: dismissed, reports: 1, dismissedAt: '2026-11-23T12:00:00.000Z' } }]);
    await appended(
      store.append(`joke-${withdrawn}`, [
        generated(withdrawn),
        reported(withdrawn, 'a', 'copyright', '2026-11-23T10:00:00.000Z'),
        { type: 'JokeWithdrawn', data: { jokeId: withdrawn, userId: 'owner', reason: 'copyright', withdrawnAt: '2026-11-23T12:00:00.000Z' } },
      ]),
    );
    await rebuildProjection(store, jokeHistoryProjection);
    await rebuildProjection(store, reportedJokesProjection);

    const queue = await db.pool.query('SELECT joke_id, first_reported_at, reports, reports_offensive, reports_copyright, reports_other FROM reported_jokes');
    expect(queue.rows).toEqual([{ joke_id: kept, first_reported_at: new Date('2026-11-23T10:00:00.000Z'), reports: 2, reports_offensive: 1, reports_copyright: 1, reports_other: 0 }]);
    const jokes = await db.pool.query('SELECT id FROM jokes WHERE id = ANY($1::uuid[])', [[kept, dismissed, withdrawn]]);
    expect(jokes.rows.map((row) => row.id).sort()).toEqual([kept, dismissed].sort());
  });
});
