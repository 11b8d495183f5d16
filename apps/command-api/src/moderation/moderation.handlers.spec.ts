import { describe, expect, it } from '@jest/globals';
import { jokeStreamId, JokeNotFoundError } from '@jokes/domain';
import { formatCursor, InMemoryEventStore } from '@jokes/event-store';
import { DismissJokeReportsCommand, ReportJokeCommand, WithdrawJokeCommand } from './moderation.commands.js';
import { DismissJokeReportsHandler, ReportJokeHandler, WithdrawJokeHandler } from './moderation.handlers.js';
import type { SpeechService } from '../voice/speech.service.js';

const origin = { correlationId: 'corr-1', idempotencyKey: 'key-1' };
const jokeId = '7d0f4b1e-9c8a-4e51-b2a3-5f6e7d8c9b0a';

async function storeWithJoke(): Promise<InMemoryEventStore> {
  const store = new InMemoryEventStore();
  await store.append(jokeStreamId(jokeId), [
    {
      type: 'JokeGenerated',
      data: { jokeId, userId: 'owner', comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'A cat joke.', writer: 'offline', premiumBypass: false, generatedAt: '2026-03-01T09:00:00.000Z' },
    },
  ]);
  return store;
}

const report = (userId = 'reader') => new ReportJokeCommand({ jokeId, userId, reason: 'offensive' }, origin);
const withdraw = new WithdrawJokeCommand({ jokeId, reason: 'copyright', staffId: 'staff-1' }, origin);

/** The narrations forgotten, as the voice side is asked to (its own spec covers what forgetting does). */
function recordingSpeech(): SpeechService & { forgotten: [string, string][] } {
  const forgotten: [string, string][] = [];
  return { forgotten, forget: async (id: string, content: string) => void forgotten.push([id, content]) } as unknown as SpeechService & { forgotten: [string, string][] };
}

describe('ReportJokeHandler', () => {
  it('appends JokeReported with the reporter as actor and answers its position; a second report appends nothing and answers the same', async () => {
    const store = await storeWithJoke();
    const answer = await new ReportJokeHandler(store).execute(report());
    const again = await new ReportJokeHandler(store).execute(report());

    const [, reported, ...more] = await store.readStream(jokeStreamId(jokeId));
    expect(more).toEqual([]);
    expect(reported).toMatchObject({ type: 'JokeReported', data: { jokeId, reporterId: 'reader', reason: 'offensive' }, metadata: { ...origin, actor: 'reader', command: 'ReportJoke' } });
    expect(answer).toEqual({ id: jokeId, position: formatCursor(reported!) });
    expect(again).toEqual(answer);
  });
});

describe('WithdrawJokeHandler', () => {
  it('appends JokeWithdrawn once, with the staff member as actor', async () => {
    const store = await storeWithJoke();
    await new WithdrawJokeHandler(store, recordingSpeech()).execute(withdraw);
    await new WithdrawJokeHandler(store, recordingSpeech()).execute(withdraw);

    const [, withdrawn, ...more] = await store.readStream(jokeStreamId(jokeId));
    expect(more).toEqual([]);
    expect(withdrawn).toMatchObject({ type: 'JokeWithdrawn', data: { jokeId, userId: 'owner', reason: 'copyright' }, metadata: { actor: 'staff-1', command: 'WithdrawJoke' } });
  });

  it('refuses an unknown joke with JokeNotFoundError and writes nothing', async () => {
    const store = new InMemoryEventStore();
    const speech = recordingSpeech();
    await expect(new WithdrawJokeHandler(store, speech).execute(withdraw)).rejects.toBeInstanceOf(JokeNotFoundError);
    expect(await store.head()).toEqual({ transactionId: 0n, globalPosition: 0n });
    expect(speech.forgotten).toEqual([]);
  });

  it("has the withdrawn joke's narrations forgotten, by its text", async () => {
    const store = await storeWithJoke();
    const speech = recordingSpeech();
    await new WithdrawJokeHandler(store, speech).execute(withdraw);
    expect(speech.forgotten).toEqual([[jokeId, 'A cat joke.']]);
  });
});

describe('DismissJokeReportsHandler', () => {
  it('dismisses the open reports with the staff member as actor', async () => {
    const store = await storeWithJoke();
    await new ReportJokeHandler(store).execute(report('a'));
    await new ReportJokeHandler(store).execute(report('b'));
    await new DismissJokeReportsHandler(store).execute(new DismissJokeReportsCommand({ jokeId, staffId: 'staff-1' }, origin));

    const events = await store.readStream(jokeStreamId(jokeId));
    expect(events.at(-1)).toMatchObject({ type: 'JokeReportsDismissed', data: { jokeId, reports: 2 }, metadata: { actor: 'staff-1', command: 'DismissJokeReports' } });
  });
});
