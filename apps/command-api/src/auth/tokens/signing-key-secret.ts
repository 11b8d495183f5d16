import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file a development machine keeps its generated secret in, inside DATA_DIR. */
export const DEV_SECRET_FILE = 'auth-signing-key-secret';

/** Shorter secrets are passwords, not keys: 32 characters of `openssl rand -base64 32` are 192 bits and more. */
const MIN_SECRET_LENGTH = 32;

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
  const fromEnv = env.AUTH_SIGNING_KEY_SECRET;
  if (fromEnv !== undefined && fromEnv !== '') return { key: derive(fromEnv, 'AUTH_SIGNING_KEY_SECRET'), source: 'AUTH_SIGNING_KEY_SECRET' };
  const path = join(options.dataDir, DEV_SECRET_FILE);
  const existing = readSecretFile(path);
  if (existing !== undefined) return { key: derive(existing, path), source: path };
  if (!options.create) {
    throw new Error(`No signing-key secret: set AUTH_SIGNING_KEY_SECRET, or run where the product keeps ${path} (DATA_DIR).`);
  }
  return { key: derive(createSecretFile(path), path), source: path };
}

function derive(secret: string, source: string): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${source} must be at least ${MIN_SECRET_LENGTH} characters (for example the output of: openssl rand -base64 32)`);
  }
  // HKDF turns any long random string into exactly the 32 bytes AES-256 takes.
  return Buffer.from(hkdfSync('sha256', secret, 'standup-jokes auth_signing_keys', 'aes-256-gcm v1', 32));
}

function readSecretFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes a fresh secret under a temporary name, then links it into place:
 * processes starting together all end up with the one secret that won, never
 * with a half-written file.
 */
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
