import { lengthSpec, maxJokeCharacters, type JokeLength } from '@jokes/domain';

/**
 * The model's text as plain text: no HTML tags, no Markdown emphasis, code,
 * headings, quotes or list markers (the joke is shown and read aloud as it is).
 */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-+*]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~#>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,!?;:])/g, '$1')
    .trim();
}

/** Sentences with their closing punctuation (and a closing quote or bracket); a tail without any is one more. */
export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?]+(?:[.!?]+["'\u2019\u201d)\]]*|$)/g) ?? []).map((sentence) => sentence.trim()).filter((sentence) => sentence !== '');
}

/**
 * The joke cut to what its length allows: at most its sentences and its
 * characters, cut at a sentence boundary. Undefined when not even the first
 * sentence fits: nothing sensible remains to show.
 */
export function fitJokeToLength(text: string, length: JokeLength): string | undefined {
  const maxCharacters = maxJokeCharacters(length);
  let joke = '';
  for (const sentence of sentencesOf(plainText(text)).slice(0, lengthSpec(length).maxSentences)) {
    const longer = joke === '' ? sentence : `${joke} ${sentence}`;
    if (longer.length > maxCharacters) break;
    joke = longer;
  }
  return joke === '' ? undefined : joke;
}

/** A suggested topic as plain text of at most `maxLength` characters, cut at a word. */
export function fitTopic(text: string, maxLength: number): string {
  const plain = plainText(text);
  if (plain.length <= maxLength) return plain;
  const cut = plain.slice(0, maxLength + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, maxLength)).trim();
}
