import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jokeStreamId } from '@jokes/domain';
import { PostgresEventStore } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import { jokeCommandRunner } from './testing/joke-command-runner.js';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase('share');
  store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
}, 60_000);
afterAll(async () => db?.drop(), 30_000);

async function aJoke(): Promise<string> {
  const jokeId = randomUUID();
  await store.append(
    jokeStreamId(jokeId),
    [{ type: 'JokeGenerated', data: { jokeId, userId: null, comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'A cat joke.', writer: 'offline', premiumBypass: false, generatedAt: new Date().toISOString() } }],
    { expectedVersion: 'no_stream' },
  );
  return jokeId;
}

describe('sharing one joke on PostgreSQL', () => {
  it('lets 200 concurrent shares of one joke all succeed, each one event, numbered without gaps', async () => {
    const jokeId = await aJoke();
    const runner = jokeCommandRunner(store);
    const share = () =>
      runner.run({ type: 'ShareJoke', data: { jokeId, userId: null, visitorId: randomUUID(), platform: 'copy' } }, { actor: 'anonymous', origin: { correlationId: randomUUID() } });
    const answers = await Promise.allSettled(Array.from({ length: 200 }, share));
    const refused = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason as Error] : []));
    expect({ refused: refused.length, first: refused[0]?.message }).toEqual({ refused: 0, first: undefined });
    const events = await store.readStream(jokeStreamId(jokeId));
    expect(events.filter((event) => event.type === 'JokeShared')).toHaveLength(200);
    expect(events.map((event) => event.streamVersion)).toEqual(Array.from({ length: 201 }, (_, index) => BigInt(index + 1)));
  });
});
