import { describe, expect, it } from '@jest/globals';
import { jokeStreamId, JokeNotFoundError } from '@jokes/domain';
import { formatCursor, InMemoryEventStore, type ReadStreamOptions, type StoredEvent } from '@jokes/event-store';
import { ShareJokeCommand } from './share-joke.command.js';
import { ShareJokeHandler } from './share-joke.handler.js';

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

async function storeWithJoke(): Promise<CountingStore> {
  const store = new CountingStore();
  await store.append(jokeStreamId(jokeId), [
    {
      type: 'JokeGenerated',
      data: { jokeId, userId: null, comedianStyle: 'Bill Burr', topic: 'traffic', topicSuggested: true, length: 'short', content: 'A traffic joke.', writer: 'offline', premiumBypass: false, generatedAt: '2026-03-01T09:00:00.000Z' },
    },
  ]);
  return store;
}

describe('ShareJokeHandler', () => {
  it("appends an anonymous visitor's share with the joke's style, length and topic, as 'anonymous'", async () => {
    const store = await storeWithJoke();
    const answer = await new ShareJokeHandler(store).execute(new ShareJokeCommand({ jokeId, userId: null, visitorId, platform: 'x' }, origin));

    const [, shared] = await store.readStream(jokeStreamId(jokeId));
    expect(shared).toMatchObject({ type: 'JokeShared', data: { jokeId, userId: null, visitorId, platform: 'x', comedianStyle: 'Bill Burr', length: 'short', topic: 'traffic' } });
    expect(shared!.metadata).toMatchObject({ actor: 'anonymous', command: 'ShareJoke' });
    expect(answer).toEqual({ position: formatCursor(shared!) });
  });

  it('records every share of a signed-in user, each one an event', async () => {
    const store = await storeWithJoke();
    const handler = new ShareJokeHandler(store);
    await handler.execute(new ShareJokeCommand({ jokeId, userId: 'user-1', visitorId, platform: 'copy' }, origin));
    await handler.execute(new ShareJokeCommand({ jokeId, userId: 'user-1', visitorId, platform: 'copy' }, origin));
    const events = await store.readStream(jokeStreamId(jokeId));
    expect(events.filter((event) => event.type === 'JokeShared').map((event) => event.metadata.actor)).toEqual(['user-1', 'user-1']);
  });

  it('reads a bounded slice of the joke stream to share it (its first event and its last), however many shares came before', async () => {
    const store = await storeWithJoke();
    const handler = new ShareJokeHandler(store);
    for (let n = 0; n < 100; n++) await handler.execute(new ShareJokeCommand({ jokeId, userId: null, visitorId, platform: 'x' }, origin));
    store.eventsRead.length = 0;
    await handler.execute(new ShareJokeCommand({ jokeId, userId: null, visitorId, platform: 'sms' }, origin));
    expect(store.eventsRead).toEqual([1, 1]);
    expect(await store.readStream(jokeStreamId(jokeId))).toHaveLength(102);
  });

  it('refuses an unknown joke with JokeNotFoundError and writes nothing', async () => {
    const store = new InMemoryEventStore();
    await expect(new ShareJokeHandler(store).execute(new ShareJokeCommand({ jokeId, userId: null, visitorId, platform: 'sms' }, origin))).rejects.toBeInstanceOf(
      JokeNotFoundError,
    );
    expect(await store.head()).toEqual({ transactionId: 0n, globalPosition: 0n });
  });
});
