import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** Shorter secrets are passwords, not keys: 32 characters of `openssl rand -base64 32` are 192 bits and more. */
export const MIN_SECRET_LENGTH = 32;

export interface LocalSecretOptions {
  /** The variable that holds the secret in production. */
  variable: string;
  /** Where a development machine keeps its generated secret, relative to `dataDir`. */
  file: string;
  dataDir: string;
  /** False never makes a new secret (a new one could not open what the old one sealed). */
  create: boolean;
  /** What the secret protects, for the error when there is none: 'signing-key', 'personal-data'. */
  what: string;
}

/**
 * A secret from its variable, or else the development secret generated once
 * into `$DATA_DIR/<file>` (mode 0600). Returns the secret with where it came
 * from (for messages); refuses one shorter than MIN_SECRET_LENGTH.
 */
export function loadLocalSecret(env: NodeJS.ProcessEnv, options: LocalSecretOptions): { secret: string; source: string } {
  const fromEnv = env[options.variable];
  if (fromEnv !== undefined && fromEnv !== '') return checked(fromEnv, options.variable);
  const path = join(options.dataDir, options.file);
  const existing = readSecretFile(path);
  if (existing !== undefined) return checked(existing, path);
  if (!options.create) throw new Error(`No ${options.what} secret: set ${options.variable}, or run where the product keeps ${path} (DATA_DIR).`);
  return checked(createSecretFile(path), path);
}

/** Refuses a secret shorter than MIN_SECRET_LENGTH, naming where it came from. */
export function checked(secret: string, source: string): { secret: string; source: string } {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${source} must be at least ${MIN_SECRET_LENGTH} characters (for example the output of: openssl rand -base64 32)`);
  }
  return { secret, source };
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
