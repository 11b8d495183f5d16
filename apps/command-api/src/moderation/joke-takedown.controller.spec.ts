import { describe, expect, it } from '@jest/globals';
import { jokeStreamId, JokeNotFoundError } from '@jokes/domain';
import { InMemoryEventStore } from '@jokes/event-store';
import type { Caller } from '@jokes/server';
import { jokeCommandRunner } from '../jokes/testing/joke-command-runner.js';
import type { SpeechService } from '../voice/speech.service.js';
import { JokeTakedownController } from './joke-takedown.controller.js';

const origin = { correlationId: 'corr-1' };
const jokeId = '7d0f4b1e-9c8a-4e51-b2a3-5f6e7d8c9b0a';
const staff: Caller = { userId: 'staff-1', email: null, sessionId: null, role: 'authenticated', roles: ['support'], aal: 'aal1' };

/** The narrations forgotten, as the voice side is asked to (its own spec covers what forgetting does). */
function recordingSpeech(): SpeechService & { forgotten: [string, string][] } {
  const forgotten: [string, string][] = [];
  return { forgotten, forget: async (id: string, content: string) => void forgotten.push([id, content]) } as unknown as SpeechService & { forgotten: [string, string][] };
}

function takedown(store: InMemoryEventStore) {
  const speech = recordingSpeech();
  return { speech, controller: new JokeTakedownController(jokeCommandRunner(store), store, speech) };
}

describe('JokeTakedownController.withdraw', () => {
  it("has the withdrawn joke's narrations forgotten, by its text, and answers the withdrawal's position", async () => {
    const store = new InMemoryEventStore();
    await store.append(jokeStreamId(jokeId), [
      {
        type: 'JokeGenerated',
        data: { jokeId, userId: 'owner', comedianStyle: 'Ali Wong', topic: 'cats', topicSuggested: false, length: 'short', content: 'A cat joke.', writer: 'offline', premiumBypass: false, generatedAt: '2026-03-01T09:00:00.000Z' },
      },
    ]);
    const { speech, controller } = takedown(store);
    const answer = await controller.withdraw(jokeId, { reason: 'copyright' }, staff, origin);

    expect(speech.forgotten).toEqual([[jokeId, 'A cat joke.']]);
    expect(answer).toEqual({ id: jokeId, position: expect.stringMatching(/^\d+\.\d+$/) });
    expect((await store.readStream(jokeStreamId(jokeId))).map((event) => event.type)).toEqual(['JokeGenerated', 'JokeWithdrawn']);
  });

  it('forgets nothing for an unknown joke, which it refuses as not found', async () => {
    const { speech, controller } = takedown(new InMemoryEventStore());
    await expect(controller.withdraw(jokeId, { reason: 'copyright' }, staff, origin)).rejects.toBeInstanceOf(JokeNotFoundError);
    expect(speech.forgotten).toEqual([]);
  });
});
