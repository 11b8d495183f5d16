import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file a development machine keeps its generated secret in, inside DATA_DIR. */
export const PERSONAL_DATA_SECRET_FILE = 'personal-data-key-secret';
export const PERSONAL_DATA_SECRET_VARIABLE = 'PERSONAL_DATA_KEY_SECRET';

const MIN_SECRET_LENGTH = 32;

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

export function personalDataSecretOf(secret: string, source: string): PersonalDataSecret {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${source} must be at least ${MIN_SECRET_LENGTH} characters (for example the output of: openssl rand -base64 32)`);
  }
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
  const fromEnv = env[PERSONAL_DATA_SECRET_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') return personalDataSecretOf(fromEnv, PERSONAL_DATA_SECRET_VARIABLE);
  const path = join(options.dataDir, PERSONAL_DATA_SECRET_FILE);
  const existing = readSecretFile(path);
  if (existing !== undefined) return personalDataSecretOf(existing, path);
  if (!options.create) throw new Error(`No personal-data secret: set ${PERSONAL_DATA_SECRET_VARIABLE}, or run where the product keeps ${path} (DATA_DIR).`);
  return personalDataSecretOf(createSecretFile(path), path);
}

function readSecretFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Written aside, then linked into place: processes starting together all end up with the one secret that won. */
function createSecretFile(path: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return readSecretFile(path)!;
}
