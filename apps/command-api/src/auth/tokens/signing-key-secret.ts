import { hkdfSync } from 'node:crypto';
import { loadLocalSecret } from '@jokes/event-store';

/** The file a development machine keeps its generated secret in, inside DATA_DIR. */
export const DEV_SECRET_FILE = 'auth-signing-key-secret';

export interface SigningKeySecret {
  /** The AES-256-GCM key the private signing keys are encrypted with. */
  key: Buffer;
  /** Where it came from, for messages: the variable or the file. */
  source: string;
}

/**
 * The key that encrypts the JWT signing keys at rest: AUTH_SIGNING_KEY_SECRET,
 * or else a development secret generated once into `$DATA_DIR/auth-signing-key-secret`
 * (mode 0600). A copy of the database alone then cannot sign tokens.
 * `create: false` (the rotate command) never makes a new secret: a new one
 * could not decrypt the keys the product already has.
 */
export function loadSigningKeySecret(env: NodeJS.ProcessEnv, options: { dataDir: string; create: boolean }): SigningKeySecret {
  const { secret, source } = loadLocalSecret(env, { ...options, variable: 'AUTH_SIGNING_KEY_SECRET', file: DEV_SECRET_FILE, what: 'signing-key' });
  // HKDF turns any long random string into exactly the 32 bytes AES-256 takes.
  return { key: Buffer.from(hkdfSync('sha256', secret, 'standup-jokes auth_signing_keys', 'aes-256-gcm v1', 32)), source };
}
