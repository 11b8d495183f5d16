import { hkdfSync } from 'node:crypto';
import { checked, loadLocalSecret } from './local-secret.js';

/** The file a development machine keeps its generated secret in, inside DATA_DIR. */
export const PERSONAL_DATA_SECRET_FILE = 'personal-data-key-secret';
export const PERSONAL_DATA_SECRET_VARIABLE = 'PERSONAL_DATA_KEY_SECRET';

/**
 * The two keys the product's personal-data protection derives from one secret
 * (HKDF-SHA256, a label each): the key that encrypts every person's own key in
 * `personal_data_keys`, and the HMAC key that names e-mail reservation streams.
 * Neither is in the database, so a copy of it alone reads no personal data and
 * cannot test a guessed address against the stream ids.
 */
export interface PersonalDataSecret {
  keyEncryptionKey: Buffer;
  hashKey: Buffer;
  /** Where it came from, for messages: the variable or the file. */
  source: string;
}

export function personalDataSecretOf(value: string, from: string): PersonalDataSecret {
  const { secret, source } = checked(value, from);
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', secret, 'standup-jokes personal data', label, 32));
  return { keyEncryptionKey: derive('personal_data_keys aes-256-gcm v1'), hashKey: derive('address hmac-sha256 v1'), source };
}

/**
 * PERSONAL_DATA_KEY_SECRET, or else a development secret generated once into
 * `$DATA_DIR/personal-data-key-secret` (mode 0600; production refuses to start
 * without the variable). `create: false` never makes one: a new secret could
 * not open the keys already stored.
 */
export function loadPersonalDataSecret(env: NodeJS.ProcessEnv, options: { dataDir: string; create: boolean }): PersonalDataSecret {
  const { secret, source } = loadLocalSecret(env, { ...options, variable: PERSONAL_DATA_SECRET_VARIABLE, file: PERSONAL_DATA_SECRET_FILE, what: 'personal-data' });
  return personalDataSecretOf(secret, source);
}
