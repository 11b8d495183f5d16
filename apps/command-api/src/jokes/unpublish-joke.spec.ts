import { describe, expect, it } from '@jest/globals';
import { jokeStreamId, JokeNotFoundError } from '@jokes/domain';
import { formatCursor, InMemoryEventStore, type EventStore } from '@jokes/event-store';
import { jokeCommandRunner } from './testing/joke-command-runner.js';

const origin = { correlationId: 'corr-1' };
const jokeId = '7d0f4b1e-9c8a-4e51-b2a3-5f6e7d8c9b0a';
const visitorId = '0b6f2a4e-3c1d-4e5f-9a8b-7c6d5e4f3a2b';

async function storeWithSharedJoke(owner: string | null = 'owner'): Promise<InMemoryEventStore> {
  const store = new InMemoryEventStore();
  await store.append(jokeStreamId(jokeId), [
    {
      type: 'JokeGenerated',
      data: { jokeId, userId: owner, comedianStyle: 'Bill Burr', topic: 'traffic', topicSuggested: false, length: 'short', content: 'A traffic joke.', writer: 'offline', premiumBypass: false, generatedAt: '2026-03-01T09:00:00.000Z' },
    },
    { type: 'JokeShared', data: { jokeId, userId: owner, visitorId, platform: 'x', comedianStyle: 'Bill Burr', length: 'short', topic: 'traffic', sharedAt: '2026-03-01T09:01:00.000Z' } },
  ]);
  return store;
}

/** An unpublish as the route hands it over: `userId` is the verified caller's. */
const unpublisher = (store: EventStore) => ({
  execute: (userId: string) => jokeCommandRunner(store).run({ type: 'UnpublishJoke', data: { jokeId, userId } }, { actor: userId, origin }),
});

describe('UnpublishJoke through the joke command runner', () => {
  it("appends JokeUnpublished with the owner as actor and answers its position; a second press appends nothing", async () => {
    const store = await storeWithSharedJoke();
    const handler = unpublisher(store);
    const { answer } = await handler.execute('owner');
    const events = await store.readStream(jokeStreamId(jokeId));
    const unpublished = events.at(-1)!;
    expect(unpublished).toMatchObject({ type: 'JokeUnpublished', data: { jokeId, userId: 'owner' }, metadata: { actor: 'owner', command: 'UnpublishJoke' } });
    expect(answer).toEqual(formatCursor(unpublished));

    // Nothing new: the answer is still a position the reader can wait for.
    expect((await handler.execute('owner')).answer).toEqual(formatCursor(unpublished));
    expect(await store.readStream(jokeStreamId(jokeId))).toHaveLength(events.length);
  });

  it("refuses someone else's joke, a visitor's joke and an unknown one as not found, appending nothing", async () => {
    const store = await storeWithSharedJoke();
    await expect(unpublisher(store).execute('stranger')).rejects.toThrow(JokeNotFoundError);
    const anonymous = await storeWithSharedJoke(null);
    await expect(unpublisher(anonymous).execute('owner')).rejects.toThrow(JokeNotFoundError);
    await expect(unpublisher(new InMemoryEventStore()).execute('owner')).rejects.toThrow(JokeNotFoundError);
    expect(await store.readStream(jokeStreamId(jokeId))).toHaveLength(2);
  });
});
