import { ContentSafety, ALLOWED, refused, type SafetyVerdict } from '../content-safety.port.js';
import { hiddenReadings } from './hidden-readings.js';
import { normalizeText } from './normalize-text.js';
import { rejoinChunks } from './rejoin-chunks.js';
import { judge, knowsWord } from './rules.js';

/**
 * Judges with rules and word lists, no network and no key: the default, and
 * the first check of every other moderator (it is the only one with a rule
 * for real people). Fast enough to run on every topic and every joke.
 *
 * A topic is read as one thought (a visitor's full stop does not split
 * 'Taylor Swift. Naked.'), and one that talks to the model ('ignore previous
 * instructions') loses the benefit of the doubt: its words need only be in
 * it, not next to each other. A joke is read sentence by sentence, so a joke
 * about a kid's party and a joke about sex in the next line stay apart.
 *
 * A topic is also read the ways a visitor hides words from a list: its
 * chunks rejoined ('ki ll my se lf'), backwards, in ROT13 and base64. A joke
 * is the writer's own text, with nothing hidden in it, so it is read once.
 */
export class OfflineContentSafety extends ContentSafety {
  static readonly moderatorName = 'offline';
  readonly moderatorName = OfflineContentSafety.moderatorName;

  async checkTopic(topic: string): Promise<SafetyVerdict> {
    return this.topicVerdict(topic);
  }

  async checkJoke(joke: string): Promise<SafetyVerdict> {
    return this.jokeVerdict(joke);
  }

  /** The same judgement without a promise, for callers that check many texts in a row (the bench). */
  topicVerdict(topic: string): SafetyVerdict {
    return verdict(judgeTopic(topic) ?? hiddenReadings(topic).reduce<ReturnType<typeof judge>>((found, hidden) => found ?? judgeTopic(hidden), undefined));
  }

  jokeVerdict(joke: string): SafetyVerdict {
    return verdict(judge(normalizeText(joke, { sentences: true }), { loose: false, broad: false }));
  }
}

function judgeTopic(topic: string): ReturnType<typeof judge> {
  const text = normalizeText(topic, { sentences: false });
  const rejoined = rejoinChunks(text, knowsWord);
  return judge(text, { loose: true, broad: true }) ?? (rejoined && judge(rejoined, { loose: true, broad: true }));
}

const verdict = (category: ReturnType<typeof judge>): SafetyVerdict => (category === undefined ? ALLOWED : refused(category));
