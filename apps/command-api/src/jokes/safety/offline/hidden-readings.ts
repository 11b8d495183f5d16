import { hexIdentifiersIn, withoutHexIdentifiers } from './identifiers.js';

/**
 * A topic written so a word list cannot read it, but a model can: backwards
 * ('flesym llik'), in ROT13 ('xvyy zlfrys'), in base64 or in hex. Each
 * reading is judged like the topic itself; a benign topic read backwards or
 * rotated is gibberish, which no rule refuses. A code in the topic (a UUID, a
 * hash) is read decoded only: rotated, it would be letters and digits the
 * normaliser reads as leetspeak.
 */
export function hiddenReadings(topic: string): string[] {
  const readings = [[...topic].reverse().join(''), rot13(withoutHexIdentifiers(topic))];
  for (const token of topic.match(BASE64_TOKEN) ?? []) {
    const decoded = fromBase64(token);
    if (decoded !== undefined) readings.push(decoded);
  }
  for (const code of hexIdentifiersIn(topic)) {
    const decoded = fromHex(code);
    if (decoded !== undefined) readings.push(decoded);
  }
  return readings;
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(base + ((char.charCodeAt(0) - base + 13) % 26));
  });
}

// Twelve characters or more (nine bytes): shorter runs are words, not an encoding.
const BASE64_TOKEN = /[A-Za-z0-9+/]{12,}={0,2}/g;
// What a sentence decodes to: printable ASCII and white space.
const PRINTABLE = /^[\t\n\r -~]+$/;

function fromBase64(token: string): string | undefined {
  if (token.length % 4 !== 0) return undefined;
  return readable(Buffer.from(token, 'base64').toString('latin1'));
}

function fromHex(code: string): string | undefined {
  if (code.length % 2 !== 0) return undefined;
  return readable(Buffer.from(code, 'hex').toString('latin1'));
}

const readable = (decoded: string): string | undefined => (PRINTABLE.test(decoded) && /[a-z]{2,}/i.test(decoded) ? decoded : undefined);
