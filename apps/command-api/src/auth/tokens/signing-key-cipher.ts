import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { JWK } from 'jose';

const VERSION = 'v1';

/**
 * AES-256-GCM over the private JWK. The key id is authenticated data, so a
 * ciphertext moved to another row does not decrypt. Stored as
 * `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export function encryptPrivateJwk(key: Buffer, kid: string, jwk: JWK): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(kid, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export class SigningKeyDecryptionError extends Error {
  override readonly name = 'SigningKeyDecryptionError';
}

export function decryptPrivateJwk(key: Buffer, kid: string, stored: string): JWK {
  const [version, iv, ciphertext, tag] = stored.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag) throw new SigningKeyDecryptionError(`Signing key ${kid} is not in a known encrypted format`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(kid, 'utf8'))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plaintext.toString('utf8')) as JWK;
  } catch {
    throw new SigningKeyDecryptionError(`Signing key ${kid} does not decrypt with this secret`);
  }
}
