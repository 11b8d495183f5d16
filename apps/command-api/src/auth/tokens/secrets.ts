import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: unguessable refresh tokens, link tokens and codes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the tables keep instead of a token: a leaked row cannot be replayed. */
export function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export type CodeChallengeMethod = 's256' | 'plain';

/** RFC 7636: the verifier the browser kept must hash to the challenge it sent first. */
export function pkceVerifierMatches(verifier: string, challenge: string, method: CodeChallengeMethod): boolean {
  const computed = method === 's256' ? sha256(verifier).toString('base64url') : verifier;
  const a = Buffer.from(computed);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
