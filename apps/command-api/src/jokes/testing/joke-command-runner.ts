import { jokeStreamId } from '@jokes/domain';
import { InMemoryEventStore, type EventStore } from '@jokes/event-store';
import { EntitlementsService } from '../entitlements.service.js';
import { JokeCommandRunner } from '../joke-command.runner.js';
import { createContentSafety } from '../safety/content-safety.factory.js';
import type { ContentSafety } from '../safety/content-safety.port.js';
import { createJokeWriter } from '../writers/joke-writer.factory.js';
import type { JokeWriter } from '../writers/joke-writer.port.js';

/** The runner on a store, with the offline writer and moderator unless a spec brings its own. */
export function jokeCommandRunner(store: EventStore, { writer = createJokeWriter({}), safety = createContentSafety({}) }: { writer?: JokeWriter; safety?: ContentSafety } = {}): JokeCommandRunner {
  return new JokeCommandRunner(store, writer, new EntitlementsService(store), safety);
}

/** A store (in memory unless a spec brings its own) holding one generated joke: 'A cat joke.' by Ali Wong, unless `data` says otherwise. */
export async function storeWithJoke<Store extends EventStore = InMemoryEventStore>(
  jokeId: string,
  { store = new InMemoryEventStore() as unknown as Store, data = {} }: { store?: Store; data?: Record<string, unknown> } = {},
): Promise<Store> {
  await store.append(jokeStreamId(jokeId), [
    {
      type: 'JokeGenerated',
      data: { jokeId, userId: 'owner', comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'A cat joke.', writer: 'offline', premiumBypass: false, generatedAt: '2026-03-01T09:00:00.000Z', ...data },
    },
  ]);
  return store;
}
