import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JokeEvent, JokeRating } from '@jokes/domain';
import { PostgresEventStore, rebuildProjection, rowProjection, type EventData, type NewEvent } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import { bestJokesReadModel, type BestJokeEvent, type BestJokeRow } from '@jokes/read-models';
import { CachedStyleExamples, EXAMPLES_PER_PROMPT, MAX_EXAMPLE_CHARACTERS, MAX_EXAMPLES_CHARACTERS } from './style-examples.js';

let db: TestDatabase;
let store: PostgresEventStore;
const STYLE = 'Jerry Seinfeld';

beforeAll(async () => {
  db = await createTestDatabase('examples');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
});
afterAll(async () => db.drop());

async function joke(content: string, ratings: JokeRating[], { after = [] as JokeEvent[], style = STYLE } = {}): Promise<string> {
  const jokeId = randomUUID();
  const events: JokeEvent[] = [
    { type: 'JokeGenerated', data: { jokeId, userId: 'owner', comedianStyle: style, topic: 'cats', topicSuggested: false, length: 'short', content, writer: 'offline', premiumBypass: false, generatedAt: '2026-11-27T10:00:00.000Z' } },
    ...ratings.map((rating, index): JokeEvent => ({
      type: 'JokeRated',
      data: { jokeId, userId: `rater-${index}`, rating, previousRating: null, comedianStyle: STYLE, length: 'short', topic: 'cats', ratedAt: '2026-11-27T11:00:00.000Z' },
    })),
    ...after.map((event) => ({ ...event, data: { ...event.data, jokeId } }) as JokeEvent),
  ];
  await store.append(`joke-${jokeId}`, events as NewEvent[]);
  return jokeId;
}

describe("a style's best jokes as a model's examples", () => {
  it('feeds only trusted jokes that pass the joke check and were never withdrawn, bounded in size', async () => {
    const loved = [5, 5, 5, 5] as JokeRating[];
    await joke('The best joke.', loved);
    await joke('A withdrawn joke the audience loved.', loved, { after: [{ type: 'JokeWithdrawn', data: { jokeId: '', userId: 'owner', reason: 'copyright', withdrawnAt: '2026-11-27T12:00:00.000Z' } }] });
    await joke('A joke the moderator now refuses.', loved);
    await joke(`A long joke ${'and on '.repeat(MAX_EXAMPLE_CHARACTERS / 7)}.`, loved);
    await joke('A loved joke too few have rated.', [5, 5]);
    await joke('A good joke.', [4, 4, 5]);
    await joke('A fair joke.', [3, 4, 3]);
    await joke('A joke of another style.', loved, { style: 'Ali Wong' });
    await joke('A fourth joke that would make the prompt longer.', [3, 3, 3]);
    await rebuildProjection(store, rowProjection<BestJokeRow, EventData & BestJokeEvent>({ ...bestJokesReadModel, reads: 'data' }));

    const judged: string[] = [];
    const safety = {
      checkJoke: async (text: string) => {
        judged.push(text);
        return text.includes('now refuses') ? { allowed: false as const, category: 'hate' as const } : { allowed: true as const };
      },
    };
    const examples = await new CachedStyleExamples(db.pool, safety).of(STYLE);

    expect(examples).toEqual(['The best joke.', 'A good joke.', 'A fair joke.']);
    expect(examples).toHaveLength(EXAMPLES_PER_PROMPT);
    expect(examples.join('').length).toBeLessThanOrEqual(MAX_EXAMPLES_CHARACTERS);
    expect(judged).toContain('A joke the moderator now refuses.');
    expect(judged).not.toContain('A withdrawn joke the audience loved.');
  });

  it('gives no examples, without failing the write, when the read model cannot be read', async () => {
    const broken = { query: async () => Promise.reject(new Error('relation "best_jokes" does not exist')) };
    const errors: unknown[] = [];
    const examples = new CachedStyleExamples(broken, { checkJoke: async () => ({ allowed: true }) }, { onError: (error) => errors.push(error) });
    expect(await examples.of(STYLE)).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});
