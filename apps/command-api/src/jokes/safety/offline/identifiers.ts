/**
 * A code pasted into a text (an order number, a commit hash, a UUID) is not
 * words. Read as leetspeak, its digits become letters and one random code in
 * two hundred spells a slur ('ab33d7eb-…' reads 'abeed…'), so a topic with a
 * UUID in it was refused for hate. Such a code has no word readings at all;
 * what it may hide is read by decoding it (hidden-readings.ts), as base64 is.
 *
 * A code here is eight hex characters or more, punctuation between them
 * ignored as the normaliser ignores it, with at least two digits and a letter:
 * a slur spelled in hex leetspeak is shorter ('ab33d'), and a plain word or a
 * number is not a code.
 */
export function isHexIdentifier(word: string): boolean {
  return word.length >= MIN_LENGTH && HEX.test(word) && TWO_DIGITS.test(word) && HEX_LETTER.test(word);
}

/** The codes among a raw text's white-space separated chunks, lower-cased, punctuation dropped. */
export function hexIdentifiersIn(text: string): string[] {
  return text.split(/\s+/).map(codeOf).filter(isHexIdentifier);
}

/** The text without its codes, for the readings that would turn a code into letters (ROT13). */
export function withoutHexIdentifiers(text: string): string {
  return text
    .split(/(\s+)/)
    .map((chunk) => (isHexIdentifier(codeOf(chunk)) ? '' : chunk))
    .join('');
}

/** A chunk as the normaliser would join it: lower-case, punctuation between its characters dropped. */
const codeOf = (chunk: string): string => chunk.toLowerCase().replace(NOT_ALPHANUMERIC, '');

const MIN_LENGTH = 8;
const HEX = /^[0-9a-f]+$/;
const TWO_DIGITS = /\d\D*\d/;
const HEX_LETTER = /[a-f]/;
const NOT_ALPHANUMERIC = /[^0-9a-z]/g;
