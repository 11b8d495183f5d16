import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { FREE_COMEDIANS, PREMIUM_COMEDIANS, PremiumRequiredError, subscriptionStreamId, type GenerateJoke, type JokeEvent, type JokeState } from '@jokes/domain';
import { formatCursor, InMemoryEventStore, type CommandRunResult, type ReadStreamOptions, type StoredEvent } from '@jokes/event-store';
import { createContentSafety } from './safety/content-safety.factory.js';
import { ContentSafety, ContentSafetyError, type SafetyVerdict } from './safety/content-safety.port.js';
import { createJokeWriter } from './writers/joke-writer.factory.js';
import { JokeWriter, type JokeRequest, type WrittenJoke } from './writers/joke-writer.port.js';
import { jokeCommandRunner } from './testing/joke-command-runner.js';

/** The in-memory store, remembering which streams were read. */
class ReadCountingStore extends InMemoryEventStore {
  readonly streamsRead: string[] = [];
  override readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    this.streamsRead.push(streamId);
    return super.readStream(streamId, options);
  }
}

/** The offline writer, counting the jokes it was asked for (each one costs money with a real provider). */
class CountingWriter extends JokeWriter {
  asked = 0;
  private readonly offline = createJokeWriter({});
  write(request: JokeRequest): Promise<WrittenJoke> {
    this.asked++;
    return this.offline.write(request);
  }
}

const origin = { correlationId: 'corr-1', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };

/** A moderator whose provider is down. */
class FailingSafety extends ContentSafety {
  readonly moderatorName = 'failing';
  checkTopic(): Promise<SafetyVerdict> {
    return Promise.reject(new ContentSafetyError('moderation timed out', { retryable: true }));
  }
  checkJoke(): Promise<SafetyVerdict> {
    return this.checkTopic();
  }
}

function handler(safety: ContentSafety = createContentSafety({})) {
  const store = new ReadCountingStore();
  const writer = new CountingWriter();
  const runner = jokeCommandRunner(store, { writer, safety });
  const generateJoke = { execute: (command: GenerateJoke, visitor?: string) => runner.run(command, { actor: command.data.userId ?? 'anonymous', origin, visitor }) };
  return { store, writer, handler: generateJoke };
}

/** The joke the test expects to be written, and the position answered. */
function written({ newEvents: [decided], answer }: CommandRunResult<JokeEvent, JokeState>) {
  if (decided?.type !== 'JokeGenerated') throw new Error(`not written: ${JSON.stringify(decided)}`);
  return { ...decided.data, position: answer };
}

const generate = (comedianStyle: string, userId: string | null, topic = 'airline food'): GenerateJoke => ({
  type: 'GenerateJoke',
  data: { jokeId: randomUUID(), comedianStyle, topic, length: 'short', bypassPremiumCheck: false, aiSuggestTopic: false, userId },
});

describe('GenerateJoke through the joke command runner', () => {
  it("appends the joke to its own new stream without reading it, with the request's origin in the metadata", async () => {
    const { store, handler: generateJoke } = handler();
    const joke = written(await generateJoke.execute(generate(FREE_COMEDIANS[0]!.name, null)));

    const [stored, ...more] = await store.readAll({ transactionId: 0n, globalPosition: 0n });
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ streamId: `joke-${joke.jokeId}`, streamVersion: 1n, type: 'JokeGenerated', data: { jokeId: joke.jokeId, content: joke.content, userId: null } });
    expect(stored!.metadata).toMatchObject({ ...origin, actor: 'anonymous', command: 'GenerateJoke', time: joke.generatedAt });
    expect(joke.position).toBe(formatCursor(stored!));
    expect(store.streamsRead).toEqual([]);
  });

  it("records which of the offline writer's forms wrote the joke, and hands the writer who it is for", async () => {
    const { store, writer, handler: generateJoke } = handler();
    const seen: Array<string | undefined> = [];
    const write = writer.write.bind(writer);
    writer.write = (request) => (seen.push(request.visitor), write(request));
    written(await generateJoke.execute(generate(FREE_COMEDIANS[0]!.name, 'user-1'), 'user:user-1'));

    const [stored] = await store.readAll({ transactionId: 0n, globalPosition: 0n });
    expect((stored!.data as { form?: string }).form).toMatch(new RegExp(`^${FREE_COMEDIANS[0]!.manner}/punchline/[0-9a-z]+$`));
    expect(seen).toEqual(['user:user-1']);
    // Who it was for stays in memory: never in the event.
    expect(JSON.stringify([stored!.data, stored!.metadata])).not.toContain('user:user-1');
  });

  it('refuses a premium style to a free user before a joke is written, and appends nothing', async () => {
    const { store, writer, handler: generateJoke } = handler();
    await expect(generateJoke.execute(generate(PREMIUM_COMEDIANS[0]!.name, 'user-1'))).rejects.toBeInstanceOf(PremiumRequiredError);
    expect(writer.asked).toBe(0);
    expect(await store.head()).toEqual({ transactionId: 0n, globalPosition: 0n });
  });

  it('answers the premium refusal before judging the topic: a free user asking a premium style is told to upgrade', async () => {
    const { store, writer, handler: generateJoke } = handler();
    const hostile = generate(PREMIUM_COMEDIANS[0]!.name, 'user-1', 'the best way to kill myself tonight');
    await expect(generateJoke.execute(hostile)).rejects.toBeInstanceOf(PremiumRequiredError);
    expect(writer.asked).toBe(0);
    expect(await store.head()).toEqual({ transactionId: 0n, globalPosition: 0n });
  });

  it('fails closed when the moderator cannot judge: no writer call, nothing appended', async () => {
    const { store, writer, handler: generateJoke } = handler(new FailingSafety());
    await expect(generateJoke.execute(generate(FREE_COMEDIANS[0]!.name, null))).rejects.toBeInstanceOf(ContentSafetyError);
    expect(writer.asked).toBe(0);
    expect(await store.head()).toEqual({ transactionId: 0n, globalPosition: 0n });
  });

  it('writes in a premium style for a user whose subscription stream says trialing', async () => {
    const { store, handler: generateJoke } = handler();
    const subject = { userId: 'user-1', subscriptionId: 'sub_1' };
    await store.append(subscriptionStreamId('user-1'), [
      { type: 'CheckoutStarted', data: { ...subject, customerId: 'cus_1', plan: 'monthly', promoCode: null, amount: 499, currency: 'usd', withTrial: true, startedAt: '2026-03-01T09:00:00.000Z' } },
      { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: '2026-03-04T09:00:00.000Z', startedAt: '2026-03-01T09:00:00.000Z' } },
    ]);
    const joke = written(await generateJoke.execute(generate(PREMIUM_COMEDIANS[0]!.name, 'user-1')));
    expect(joke).toMatchObject({ comedianStyle: PREMIUM_COMEDIANS[0]!.name, userId: 'user-1' });
  });
});
