import { randomUUID } from 'node:crypto';
import { lengthSpec } from '@jokes/domain';
import { JokeWriter, JokeWriterError, type JokeRequest, type WrittenJoke } from '../joke-writer.port.js';
import { composeJoke } from './joke-composer.js';
import { formKindFor, formsOf, type JokeForm } from './joke-forms.js';
import { FormChooser } from './learning/form-chooser.js';
import type { FormPreferences } from './learning/form-preferences.js';
import { MANNER_TEMPLATES } from './manners/index.js';
import { RecentJokes } from './recent-jokes.js';
import { createRandom } from './seeded-random.js';
import { cleanTopic, EVERYDAY_TOPICS } from './topics.js';

// Ten recent jokes to avoid among at least seventy one-liners per manner (more for longer
// jokes): twenty draws all landing on a recent one does not happen in practice.
const MAX_DRAWS = 20;

export interface OfflineJokeWriterOptions {
  /** The learned state of each style's forms; without it every form is as likely (uniform choice). */
  preferences?: FormPreferences;
}

/**
 * Writes jokes with no network and no key: the default, so the product works
 * out of the box. Jokes are composed from per-manner fragments (see
 * manners/manner-templates.ts) with the topic slotted in, and have a sentence
 * count inside the requested length's range.
 *
 * With a seed, the same request gives the same joke. Without one, the writer
 * chooses the joke's form (joke-forms.ts) by what the style's audience rated
 * (learning/form-chooser.ts), never one of the visitor's last five, and avoids
 * the jokes it wrote most recently for the same request.
 */
export class OfflineJokeWriter extends JokeWriter {
  static readonly writerName = 'offline';

  private readonly recent = new RecentJokes();
  private readonly forms: FormChooser;

  constructor(options: OfflineJokeWriterOptions = {}) {
    super();
    this.forms = new FormChooser(options.preferences);
  }

  async write(request: JokeRequest, signal?: AbortSignal): Promise<WrittenJoke> {
    if (signal?.aborted) throw new JokeWriterError('Joke writing was cancelled', { retryable: false, cause: signal.reason });
    if (request.seed !== undefined) return this.compose(request, request.seed);

    // The lengths are one sentence or at least two, so the length alone says which kind of form lands the joke.
    const kind = formKindFor(lengthSpec(request.length).maxSentences);
    const form = await this.forms.choose({
      comedianStyle: request.comedian.name,
      visitor: request.visitor,
      forms: formsOf(request.comedian.manner, kind),
      random: createRandom(randomUUID()),
    });
    const key = [request.comedian.name, cleanTopic(request.topic).toLowerCase(), request.length].join('\u0000');
    let joke = this.compose(request, randomUUID(), form);
    for (let draw = 1; draw < MAX_DRAWS && this.recent.has(key, joke.content); draw++) {
      joke = this.compose(request, randomUUID(), form);
    }
    this.recent.remember(key, joke.content);
    return joke;
  }

  private compose(request: JokeRequest, seed: string, form?: JokeForm): WrittenJoke {
    const { comedian, length } = request;
    // The whole request feeds the seed, so one seed still varies across comedians and topics.
    const random = createRandom([seed, comedian.name, request.topic, length].join('\u0000'));

    const requestedTopic = cleanTopic(request.topic);
    const topicSuggested = requestedTopic === '';
    const topic = topicSuggested ? random.pick(EVERYDAY_TOPICS) : requestedTopic;

    const { minSentences, maxSentences } = lengthSpec(length);
    const sentences = random.int(minSentences, maxSentences);
    const { content, punch } = composeJoke({ templates: MANNER_TEMPLATES[comedian.manner], topic, sentences, random, punch: form?.template });
    const landed = form ?? formsOf(comedian.manner, formKindFor(sentences)).find((candidate) => candidate.template === punch);
    return { content, topic, topicSuggested, writer: OfflineJokeWriter.writerName, ...(landed ? { form: landed.id } : {}) };
  }
}
