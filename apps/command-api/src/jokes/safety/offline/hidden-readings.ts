/**
 * A topic written so a word list cannot read it, but a model can: backwards
 * ('flesym llik'), in ROT13 ('xvyy zlfrys'), or in base64. Each reading is
 * judged like the topic itself; a benign topic read backwards or rotated is
 * gibberish, which no rule refuses.
 */
export function hiddenReadings(topic: string): string[] {
  const readings = [[...topic].reverse().join(''), rot13(topic)];
  for (const token of topic.match(BASE64_TOKEN) ?? []) {
    const decoded = fromBase64(token);
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
  const decoded = Buffer.from(token, 'base64').toString('latin1');
  return PRINTABLE.test(decoded) && /[a-z]{2,}/i.test(decoded) ? decoded : undefined;
}
