import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JokeEvent, JokeRating } from '@jokes/domain';
import { compareCursors, PostgresEventStore, Projector, readCheckpoint, rebuildProjection, type Cursor, type NewEvent } from '@jokes/event-store';
import { createTestDatabase, untilReadable, type TestDatabase } from '@jokes/event-store/testing';
import { BEST_JOKES_SQL, FORM_POSTERIORS_SQL, formPosteriors, formRatingsReadModel, MemoryReadModel, RATINGS_COUNTED_PER_USER } from '@jokes/read-models';
import { bestJokesProjection, formRatingsProjection } from './index.js';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('learning');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
});
afterAll(async () => db.drop());

const STYLE = 'Ali Wong';
const FORMS = ['observational/punchline/a', 'observational/punchline/b', 'observational/punchline/c'];

const generated = (jokeId: string, userId: string | null, form: string | undefined, content = `Joke ${jokeId}.`, comedianStyle = STYLE): JokeEvent => ({
  type: 'JokeGenerated',
  data: { jokeId, userId, comedianStyle, topic: 'cats', topicSuggested: false, length: 'short', content, writer: 'offline', ...(form ? { form } : {}), premiumBypass: false, generatedAt: '2026-11-22T10:00:00.000Z' },
});
const rated = (jokeId: string, form: string | undefined, userId: string, rating: JokeRating, previousRating: JokeRating | null): JokeEvent => ({
  type: 'JokeRated',
  data: { jokeId, userId, rating, previousRating, comedianStyle: STYLE, length: 'short', topic: 'cats', ...(form ? { form } : {}), ratedAt: '2026-11-22T11:00:00.000Z' },
});

type Learned = Record<string, { alpha: number; beta: number; raters: number }>;

async function learnedState(table = 'form_ratings'): Promise<Learned> {
  const result = await db.pool.query<{ form: string; alpha: number; beta: number; raters: number }>(FORM_POSTERIORS_SQL.replace('{table}', table), [STYLE, RATINGS_COUNTED_PER_USER]);
  return Object.fromEntries(result.rows.map(({ form, alpha, beta, raters }) => [form, { alpha: round(alpha), beta: round(beta), raters }]));
}
const round = (value: number) => Math.round(value * 1e9) / 1e9;

/**
 * Until the projection has applied the event at `last`. Not `store.head()`: on a
 * shared server another suite's open transaction holds reads (and the head) back
 * below appends that have committed, and the projection would be looked at early.
 */
async function caughtUp(name: string, last: Cursor): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 15_000; ) {
    const checkpoint = await readCheckpoint(db.pool, name);
    if (checkpoint && compareCursors(checkpoint, last) >= 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${name} did not catch up`);
}

describe('what the writers learn from, projected from the event stream', () => {
  it('rebuilds the same learned state from position zero', async () => {
    // Live: a projector applying small batches while jokes are generated and rated (changes of mind,
    // a looping self-rater, jokes from before forms), as the product's projectors would.
    const live = new Projector(store, formRatingsProjection, { connectionString: db.url, batchSize: 7, pollIntervalMs: 5, batchWindowMs: 0 });
    void live.start();
    // A fixed sequence (a linear congruential generator), so a failure reproduces.
    let seed = 24;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const random = { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
    const events: JokeEvent[] = [];
    let last: Cursor = { transactionId: 0n, globalPosition: 0n };
    // Another suite's transaction on the shared server, open across the last appends: they
    // commit but stay unread (and out of the head) until it ends, which the wait must see.
    const other = await db.pool.connect();
    let otherEnded: Promise<unknown> = Promise.resolve();
    try {
      for (let index = 0; index < 120; index++) {
        if (index === 115) {
          await other.query('BEGIN; SELECT pg_current_xact_id()');
          otherEnded = new Promise((resolve) => setTimeout(resolve, 300)).then(() => other.query('COMMIT'));
        }
        const jokeId = randomUUID();
        const form = index % 10 === 0 ? undefined : FORMS[random.int(0, FORMS.length - 1)];
        const stream: JokeEvent[] = [generated(jokeId, `user-${index % 7}`, form)];
        const ratings = new Map<string, JokeRating>();
        for (let rating = 0; rating < random.int(0, 4); rating++) {
          const userId = random.next() < 0.2 ? 'looper' : `user-${random.int(0, 9)}`;
          const stars = (userId === 'looper' ? 5 : random.int(1, 5)) as JokeRating;
          if (ratings.get(userId) === stars) continue;
          stream.push(rated(jokeId, form, userId, stars, ratings.get(userId) ?? null));
          ratings.set(userId, stars);
        }
        // One event per append for some jokes, all at once for others: batches then split streams differently.
        if (index % 2 === 0) last = (await store.append(`joke-${jokeId}`, stream as NewEvent[])).position;
        else for (const event of stream) last = (await store.append(`joke-${jokeId}`, [event as NewEvent])).position;
        events.push(...stream);
      }
      await caughtUp('form_ratings', last);
    } finally {
      await live.stop();
      await otherEnded;
      other.release();
    }
    const learnedLive = await learnedState();

    // A rebuild reads what is readable: every event, once the last one is.
    await untilReadable(store, last);
    await rebuildProjection(store, formRatingsProjection);
    const rebuilt = await learnedState();

    const memory = new MemoryReadModel(formRatingsReadModel);
    events.forEach((event) => memory.apply(event));
    const expected = Object.fromEntries([...formPosteriors(memory.rows())].map(([form, { alpha, beta, raters }]) => [form, { alpha: round(alpha), beta: round(beta), raters }]));

    expect(Object.keys(learnedLive).sort()).toEqual(FORMS);
    expect(learnedLive).toEqual(expected);
    expect(rebuilt).toEqual(learnedLive);
  });

  it("leaves a withdrawn joke out of a style's best jokes, live and after a rebuild", async () => {
    // Another style than the learning test's, whose jokes are rated too.
    const style = 'Bill Burr';
    const [kept, withdrawn, young] = [randomUUID(), randomUUID(), randomUUID()];
    const threeRatings = (jokeId: string, stars: JokeRating) => ['a', 'b', 'c'].map((user) => rated(jokeId, undefined, user, stars, null));
    await store.append(`joke-${kept}`, [generated(kept, 'owner', undefined, 'The kept joke.', style), ...threeRatings(kept, 4)] as NewEvent[]);
    await store.append(`joke-${withdrawn}`, [generated(withdrawn, 'owner', undefined, 'The withdrawn joke.', style), ...threeRatings(withdrawn, 5)] as NewEvent[]);
    await store.append(`joke-${young}`, [generated(young, 'owner', undefined, 'The joke too few rated.', style), rated(young, undefined, 'a', 5, null)] as NewEvent[]);
    const { position: last } = await store.append(`joke-${withdrawn}`, [{ type: 'JokeWithdrawn', data: { jokeId: withdrawn, userId: 'owner', reason: 'offensive', withdrawnAt: '2026-11-22T12:00:00.000Z' } }]);
    const best = async () => (await db.pool.query<{ content: string }>(BEST_JOKES_SQL.replace('{table}', 'best_jokes'), [style, 3])).rows.map((row) => row.content);

    const live = new Projector(store, bestJokesProjection, { connectionString: db.url, batchSize: 2, pollIntervalMs: 5, batchWindowMs: 0 });
    void live.start();
    try {
      await caughtUp('best_jokes', last);
    } finally {
      await live.stop();
    }
    expect(await best()).toEqual(['The kept joke.']);
    await untilReadable(store, last);
    await rebuildProjection(store, bestJokesProjection);
    expect(await best()).toEqual(['The kept joke.']);
  });
});
