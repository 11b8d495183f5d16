import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { decryptPrivateJwk, encryptPrivateJwk, SigningKeyDecryptionError } from './signing-key-cipher.js';

const key = randomBytes(32);
const jwk = { kty: 'EC', crv: 'P-256', x: 'x-coordinate', y: 'y-coordinate', d: 'the-private-part', kid: 'kid-1' };

describe('private signing keys at rest', () => {
  it('round-trips a private JWK, and the stored text does not contain it', () => {
    const stored = encryptPrivateJwk(key, 'kid-1', jwk);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('the-private-part');
    expect(Buffer.from(stored.split('.')[2]!, 'base64url').toString('latin1')).not.toContain('the-private-part');
    expect(decryptPrivateJwk(key, 'kid-1', stored)).toEqual(jwk);
  });

  it('encrypts the same key differently each time (a fresh IV)', () => {
    expect(encryptPrivateJwk(key, 'kid-1', jwk)).not.toBe(encryptPrivateJwk(key, 'kid-1', jwk));
  });

  it('refuses another secret, another row and a tampered ciphertext', () => {
    const stored = encryptPrivateJwk(key, 'kid-1', jwk);
    expect(() => decryptPrivateJwk(randomBytes(32), 'kid-1', stored)).toThrow(SigningKeyDecryptionError);
    expect(() => decryptPrivateJwk(key, 'kid-2', stored)).toThrow(SigningKeyDecryptionError);
    const [version, iv, ciphertext, tag] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptPrivateJwk(key, 'kid-1', [version, iv, flipped.toString('base64url'), tag].join('.'))).toThrow(SigningKeyDecryptionError);
    expect(() => decryptPrivateJwk(key, 'kid-1', '{"d":"plain"}')).toThrow(SigningKeyDecryptionError);
  });
});
