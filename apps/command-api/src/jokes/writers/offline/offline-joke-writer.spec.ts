import { describe, expect, it } from '@jest/globals';
import { COMEDIANS, LENGTHS, MANNERS, type Comedian, type JokeLength, type Manner } from '@jokes/domain';
import { JokeWriterError, type JokeRequest } from '../joke-writer.port.js';
import { OfflineJokeWriter } from './offline-joke-writer.js';
import { EVERYDAY_TOPICS } from './topics.js';

/** The naive splitter the brief promises to satisfy: a sentence ends in . ! or ? then a space. */
const sentencesOf = (text: string): string[] => text.trim().split(/[.!?]+\s+/);

const comedianFor = (manner: Manner): Comedian => {
  const comedian = COMEDIANS.find((entry) => entry.manner === manner);
  if (!comedian) throw new Error(`No comedian has the ${manner} manner`);
  return comedian;
};

const request = (overrides: Partial<JokeRequest> = {}): JokeRequest => ({
  comedian: comedianFor('observational'),
  topic: 'airline food',
  length: 'short',
  aiSuggestTopic: false,
  ...overrides,
});

const seeds = (count: number, prefix = 'seed'): string[] => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

describe('OfflineJokeWriter', () => {
  const writer = new OfflineJokeWriter();

  describe.each(LENGTHS)('a $value joke', ({ value: length, minSentences, maxSentences }) => {
    it(`has between ${minSentences} and ${maxSentences} sentences, in every manner`, async () => {
      const counts = new Set<number>();
      for (const manner of MANNERS) {
        for (const seed of seeds(30)) {
          const { content } = await writer.write(request({ comedian: comedianFor(manner), length, seed }));
          expect(content).toMatch(/[.!?]$/);
          expect(content).not.toMatch(/\.\.|\s{2}/);
          const count = sentencesOf(content).length;
          expect(count).toBeGreaterThanOrEqual(minSentences);
          expect(count).toBeLessThanOrEqual(maxSentences);
          counts.add(count);
        }
      }
      // Every count in the range is actually used, not just one that happens to fit.
      expect([...counts].sort((a, b) => a - b)).toEqual(
        Array.from({ length: maxSentences - minSentences + 1 }, (_, index) => minSentences + index),
      );
    });
  });

  describe('topic', () => {
    it.each(['my cat', 'airline food', 'the DMV', 'dating apps'])('puts "%s" into every joke, in every manner', async (topic) => {
      for (const manner of MANNERS) {
        for (const length of ['one-liner', 'short'] as const) {
          for (const seed of seeds(10)) {
            const joke = await writer.write(request({ comedian: comedianFor(manner), topic, length, seed }));
            expect(joke.content.toLowerCase()).toContain(topic.toLowerCase());
            expect(joke).toMatchObject({ topic, topicSuggested: false });
          }
        }
      }
    });

    it('capitalises the topic where it starts a sentence', async () => {
      const jokes = await Promise.all(
        seeds(40).map((seed) => writer.write(request({ comedian: comedianFor('observational'), topic: 'the DMV', seed }))),
      );
      const sentences = jokes.flatMap((joke) => sentencesOf(joke.content));
      expect(sentences.every((sentence) => !sentence.startsWith('the DMV'))).toBe(true);
      expect(sentences.some((sentence) => sentence.startsWith('The DMV'))).toBe(true);
    });

    it('takes sentence marks out of the topic so the sentence count still holds', async () => {
      const joke = await writer.write(request({ topic: ' Mr. Bean?! ', length: 'one-liner', seed: 'bean' }));
      expect(joke.topic).toBe('Mr Bean');
      expect(joke.content).toContain('Mr Bean');
      expect(sentencesOf(joke.content)).toHaveLength(1);
    });

    it('suggests an everyday topic when the topic is empty, and says so', async () => {
      for (const seed of seeds(20)) {
        const joke = await writer.write(request({ topic: '  ', aiSuggestTopic: true, seed }));
        expect(joke.topicSuggested).toBe(true);
        expect(EVERYDAY_TOPICS).toContain(joke.topic);
        expect(joke.content.toLowerCase()).toContain(joke.topic.toLowerCase());
      }
    });

    it('keeps a given topic even when asked to suggest one', async () => {
      const joke = await writer.write(request({ topic: 'my cat', aiSuggestTopic: true, seed: 'cat' }));
      expect(joke).toMatchObject({ topic: 'my cat', topicSuggested: false });
    });
  });

  describe('variety', () => {
    it('writes the same joke for the same seed and request', async () => {
      const first = await writer.write(request({ length: 'medium', seed: 'same' }));
      const second = await new OfflineJokeWriter().write(request({ length: 'medium', seed: 'same' }));
      expect(second).toEqual(first);
    });

    it.each<JokeLength>(['medium', 'long'])('gives ten different %s jokes for ten different seeds, in every manner', async (length) => {
      for (const manner of MANNERS) {
        const jokes = await Promise.all(
          seeds(10).map((seed) => writer.write(request({ comedian: comedianFor(manner), length, seed }))),
        );
        expect(new Set(jokes.map((joke) => joke.content)).size).toBe(10);
      }
    });

    // The product sends no seed; short jokes and one-liners come from a finite set of fragments.
    it.each<JokeLength>(['one-liner', 'short', 'medium', 'long'])(
      'never repeats a %s joke within ten presses without a seed, in every manner',
      async (length) => {
        const pressing = new OfflineJokeWriter();
        for (const manner of MANNERS) {
          const jokes: string[] = [];
          for (let press = 0; press < 10; press++) {
            jokes.push((await pressing.write(request({ comedian: comedianFor(manner), length }))).content);
          }
          expect(new Set(jokes).size).toBe(10);
        }
      },
    );

    it('sounds different in each manner: no two manners share a sentence', async () => {
      const sentencesByManner = new Map<Manner, Set<string>>();
      for (const manner of MANNERS) {
        const jokes = await Promise.all(
          seeds(20).map((seed) => writer.write(request({ comedian: comedianFor(manner), length: 'long', seed }))),
        );
        sentencesByManner.set(manner, new Set(jokes.flatMap((joke) => sentencesOf(joke.content))));
      }
      for (const [manner, sentences] of sentencesByManner) {
        for (const [other, otherSentences] of sentencesByManner) {
          if (manner === other) continue;
          expect([...sentences].filter((sentence) => otherSentences.has(sentence))).toEqual([]);
        }
      }
    });
  });

  it("names itself 'offline'", async () => {
    expect((await writer.write(request({ seed: 'x' }))).writer).toBe('offline');
  });

  it('refuses a request whose signal is already aborted with JokeWriterError', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(writer.write(request(), controller.signal)).rejects.toBeInstanceOf(JokeWriterError);
  });
});
