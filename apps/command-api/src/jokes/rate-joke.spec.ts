import { describe, expect, it } from '@jest/globals';
import { jokeStreamId, JokeNotFoundError, type JokeRating } from '@jokes/domain';
import { formatCursor, InMemoryEventStore, type EventStore } from '@jokes/event-store';
import { jokeCommandRunner, storeWithJoke as storedJoke } from './testing/joke-command-runner.js';

const origin = { correlationId: 'corr-1', idempotencyKey: 'key-1' };
const jokeId = '7d0f4b1e-9c8a-4e51-b2a3-5f6e7d8c9b0a';

const storeWithJoke = () => storedJoke(jokeId);

const rate = (store: EventStore, rating: JokeRating, userId = 'owner') => jokeCommandRunner(store).run({ type: 'RateJoke', data: { jokeId, userId, rating } }, { actor: userId, origin });

describe('RateJoke through the joke command runner', () => {
  it("appends JokeRated to the joke's stream with the rater as actor and answers its position", async () => {
    const store = await storeWithJoke();
    const { answer } = await rate(store, 4);

    const [, rated, ...more] = await store.readStream(jokeStreamId(jokeId));
    expect(more).toEqual([]);
    expect(rated).toMatchObject({ type: 'JokeRated', data: { jokeId, userId: 'owner', rating: 4, previousRating: null, comedianStyle: 'Ali Wong', topic: 'cats', length: 'short' } });
    expect(rated!.metadata).toMatchObject({ ...origin, actor: 'owner', command: 'RateJoke' });
    expect(answer).toEqual(formatCursor(rated!));
  });

  it("appends nothing for the same rating again and answers the stream's newest position", async () => {
    const store = await storeWithJoke();
    const first = await rate(store, 4);
    const again = await rate(store, 4);
    expect(await store.readStream(jokeStreamId(jokeId))).toHaveLength(2);
    expect(again.newEvents).toEqual([]);
    expect(again.answer).toEqual(first.answer);
  });

  it('appends one event for a change of rating, naming the previous one', async () => {
    const store = await storeWithJoke();
    await rate(store, 4);
    await rate(store, 2);
    const events = await store.readStream(jokeStreamId(jokeId));
    expect(events.map((event) => event.data)).toEqual([expect.anything(), expect.objectContaining({ rating: 4 }), expect.objectContaining({ rating: 2, previousRating: 4 })]);
  });

  it('refuses an unknown joke with JokeNotFoundError and writes nothing', async () => {
    const store = new InMemoryEventStore();
    await expect(rate(store, 4)).rejects.toBeInstanceOf(JokeNotFoundError);
    expect(await store.head()).toEqual({ transactionId: 0n, globalPosition: 0n });
  });
});
