import { describe, expect, it } from '@jest/globals';
import { jokeStreamId, JokeNotFoundError, type SharePlatform } from '@jokes/domain';
import { formatCursor, InMemoryEventStore, type EventStore, type ReadStreamOptions, type StoredEvent } from '@jokes/event-store';
import { jokeCommandRunner, storeWithJoke as storedJoke } from './testing/joke-command-runner.js';

const origin = { correlationId: 'corr-1' };
const jokeId = '7d0f4b1e-9c8a-4e51-b2a3-5f6e7d8c9b0a';
const visitorId = '0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b';

/** The in-memory store, counting the events each read of a stream returned. */
class CountingStore extends InMemoryEventStore {
  readonly eventsRead: number[] = [];
  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    const events = await super.readStream(streamId, options);
    this.eventsRead.push(events.length);
    return events;
  }
}

// An anonymous visitor's joke, suggested topic.
const storeWithJoke = () =>
  storedJoke(jokeId, { store: new CountingStore(), data: { userId: null, comedianStyle: 'Bill Burr', topic: 'traffic', topicSuggested: true, content: 'A traffic joke.' } });

/** A share as the route hands it over: `userId` is the verified caller's, or null for an anonymous visitor. */
const sharer = (store: EventStore) => ({
  execute: (userId: string | null, platform: SharePlatform) =>
    jokeCommandRunner(store).run({ type: 'ShareJoke', data: { jokeId, userId, visitorId, platform } }, { actor: userId ?? 'anonymous', origin }),
});

describe('ShareJoke through the joke command runner', () => {
  it("appends an anonymous visitor's share with the joke's style, length and topic, as 'anonymous'", async () => {
    const store = await storeWithJoke();
    const { answer } = await sharer(store).execute(null, 'x');

    const [, shared] = await store.readStream(jokeStreamId(jokeId));
    expect(shared).toMatchObject({ type: 'JokeShared', data: { jokeId, userId: null, visitorId, platform: 'x', comedianStyle: 'Bill Burr', length: 'short', topic: 'traffic' } });
    expect(shared!.metadata).toMatchObject({ actor: 'anonymous', command: 'ShareJoke' });
    expect(answer).toEqual(formatCursor(shared!));
  });

  it('records every share of a signed-in user, each one an event', async () => {
    const store = await storeWithJoke();
    const handler = sharer(store);
    await handler.execute('user-1', 'copy');
    await handler.execute('user-1', 'copy');
    const events = await store.readStream(jokeStreamId(jokeId));
    expect(events.filter((event) => event.type === 'JokeShared').map((event) => event.metadata.actor)).toEqual(['user-1', 'user-1']);
  });

  it('reads a bounded slice of the joke stream to share it (its first event and its last), however many shares came before', async () => {
    const store = await storeWithJoke();
    const handler = sharer(store);
    for (let n = 0; n < 100; n++) await handler.execute(null, 'x');
    store.eventsRead.length = 0;
    await handler.execute(null, 'sms');
    expect(store.eventsRead).toEqual([1, 1]);
    expect(await store.readStream(jokeStreamId(jokeId))).toHaveLength(102);
  });

  it('refuses an unknown joke with JokeNotFoundError and writes nothing', async () => {
    const store = new InMemoryEventStore();
    await expect(sharer(store).execute(null, 'sms')).rejects.toBeInstanceOf(JokeNotFoundError);
    expect(await store.head()).toEqual({ transactionId: 0n, globalPosition: 0n });
  });
});
