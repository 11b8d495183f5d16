import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { newSecret, pkceVerifierMatches, sha256 } from './secrets.js';

describe('secrets', () => {
  it('makes 256-bit URL-safe secrets that differ every time', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(secret);
  });

  it('stores a SHA-256, never the secret', () => {
    expect(sha256('token').toString('hex')).toBe(createHash('sha256').update('token').digest('hex'));
  });
});

describe('pkceVerifierMatches (RFC 7636)', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  // The RFC's own example (appendix B).
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('accepts the verifier whose S256 hash is the challenge', () => {
    expect(pkceVerifierMatches(verifier, challenge, 's256')).toBe(true);
  });

  it('refuses any other verifier', () => {
    expect(pkceVerifierMatches(`${verifier}x`, challenge, 's256')).toBe(false);
  });

  it('compares a plain challenge as it is', () => {
    expect(pkceVerifierMatches(verifier, verifier, 'plain')).toBe(true);
    expect(pkceVerifierMatches(verifier, challenge, 'plain')).toBe(false);
  });
});
