import { createDecipheriv, hkdfSync } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { query } from './auth-helpers.js';

/**
 * The auth service's own signing key, read from its table and decrypted as the
 * command API does (apps/command-api/src/auth/tokens: HKDF-SHA256 of
 * AUTH_SIGNING_KEY_SECRET, AES-256-GCM with the kid as associated data), for
 * tests that play a forger who has stolen the key and the secret.
 */
export async function serviceSigningKey(databaseUrl: string, secret: string): Promise<{ kid: string; key: CryptoKey }> {
  const [row] = await query<{ kid: string; private_key_encrypted: string }>(databaseUrl, 'SELECT kid, private_key_encrypted FROM auth_signing_keys WHERE active');
  const [, iv, ciphertext, tag] = row!.private_key_encrypted.split('.') as [string, string, string, string];
  const key = Buffer.from(hkdfSync('sha256', secret, 'standup-jokes auth_signing_keys', 'aes-256-gcm v1', 32));
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    .setAAD(Buffer.from(row!.kid, 'utf8'))
    .setAuthTag(Buffer.from(tag, 'base64url'));
  const jwk = JSON.parse(Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')) as JWK;
  return { kid: row!.kid, key: (await importJWK(jwk, 'ES256')) as CryptoKey };
}
