// Realistic, reproducible event payloads for the benchmark: JokeGenerated data as
// the command side writes it (see apps/command-api/src/jokes/joke-command.runner.ts).
import { randomUUID } from 'node:crypto';

export const COMEDIAN_STYLES = [
  'Mitch Hedberg', 'Steven Wright', 'Jerry Seinfeld', 'Ali Wong', 'Dave Chappelle', 'John Mulaney',
  'Maria Bamford', 'Demetri Martin', 'Tig Notaro', 'Hannah Gadsby', 'Bo Burnham', 'Sarah Silverman',
  'Richard Pryor', 'Joan Rivers', 'George Carlin', 'Wanda Sykes', 'Bill Hicks', 'Norm Macdonald',
  'Trevor Noah', 'Hasan Minhaj', 'Taylor Tomlinson', 'Nate Bargatze', 'Jim Gaffigan', 'Iliza Shlesinger',
  'Ronny Chieng', 'Jimmy Yang', 'Eddie Izzard', 'Ricky Gervais', 'Bill Burr', 'Mae Martin',
] as const;

const TOPICS = [
  'airports', 'cats', 'dating apps', 'self-checkout machines', 'group chats', 'gym memberships', 'weddings',
  'the dentist', 'parking', 'houseplants', 'cryptocurrency', 'moving house', 'IKEA furniture', 'job interviews',
  'family dinners', 'smart speakers', 'camping', 'coffee shops', 'online reviews', 'public transport',
  'passwords', 'hotel breakfasts', 'birthdays', 'traffic', 'podcasts', 'the weather', 'diets', 'neighbours',
  'video calls', 'laundry', 'karaoke', 'road trips', 'sourdough', 'meetings', 'printers', 'autocorrect',
  'retirement', 'superheroes', 'flat-pack beds', 'voicemail',
] as const;

const LENGTHS = ['one-liner', 'short', 'medium', 'long'] as const;
const SENTENCES = { 'one-liner': 1, short: 2, medium: 4, long: 6 } as const;

const FRAGMENTS = [
  'I told my therapist about {t} and she started charging me double.',
  'Nobody warns you that {t} is just a group project with strangers.',
  'My doctor said I should avoid {t}, so now I only do it ironically.',
  'The thing about {t} is that it looks easy until you read the instructions.',
  'I tried to explain {t} to my grandmother and she explained it back better.',
  'They say {t} builds character, which is what people say about everything that hurts.',
  'I have a complicated relationship with {t}: it is complicated and I am not in it.',
  'If {t} were a person it would reply-all to the whole company.',
] as const;

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

export interface JokeGeneratedData {
  jokeId: string;
  userId: string | null;
  comedianStyle: string;
  topic: string;
  topicSuggested: boolean;
  length: (typeof LENGTHS)[number];
  content: string;
  writer: string;
  premiumBypass: boolean;
  generatedAt: string;
}

export interface JokeOptions {
  users?: number;
  /** Upper bound on the sentence count (the append bench keeps the payload near 300 bytes). */
  maxSentences?: number;
}

export function jokeGenerated(rand: () => number, generatedAt: Date, options: JokeOptions = {}): JokeGeneratedData {
  const length = pick(rand, LENGTHS);
  const topic = pick(rand, TOPICS);
  const sentences = Math.min(SENTENCES[length], options.maxSentences ?? Infinity);
  const content = Array.from({ length: sentences }, () => pick(rand, FRAGMENTS).replace('{t}', topic)).join(' ');
  const anonymous = rand() < 0.05;
  return {
    jokeId: randomUUID(),
    userId: anonymous ? null : `user-${String(Math.floor(rand() * (options.users ?? 2000))).padStart(5, '0')}`,
    comedianStyle: pick(rand, COMEDIAN_STYLES),
    topic,
    topicSuggested: rand() < 0.3,
    length,
    content,
    writer: rand() < 0.9 ? 'openai:gpt-4o-mini' : 'offline',
    premiumBypass: rand() < 0.02,
    generatedAt: generatedAt.toISOString(),
  };
}

export function jokeMetadata(userId: string | null): Record<string, string> {
  return {
    correlationId: randomUUID(),
    causationId: randomUUID(),
    actor: userId ?? 'anonymous',
    command: 'GenerateJoke',
  };
}

/** A one-sentence joke: data of about 300 bytes of JSON, as the append bench writes. */
export function appendPayload(rand: () => number): { eventId: string; data: JokeGeneratedData; metadata: Record<string, string> } {
  const data = jokeGenerated(rand, new Date(), { maxSentences: 1 });
  return { eventId: randomUUID(), data, metadata: jokeMetadata(data.userId) };
}
