import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DEV_SECRET_FILE, loadSigningKeySecret } from './signing-key-secret.js';

let dataDir: string;
beforeEach(() => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'signing-secret-')), 'data');
});
afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

const secret = 'Qm9uam91ciBsZXMgZ2Vucywgdm9pY2kgMzIgb2N0ZXRz';

describe('the signing-key secret', () => {
  it('comes from AUTH_SIGNING_KEY_SECRET when set, and no file is written', () => {
    const loaded = loadSigningKeySecret({ AUTH_SIGNING_KEY_SECRET: secret }, { dataDir, create: true });
    expect(loaded.key).toHaveLength(32);
    expect(loaded.source).toBe('AUTH_SIGNING_KEY_SECRET');
    expect(() => statSync(join(dataDir, DEV_SECRET_FILE))).toThrow();
  });

  it('derives the same key from the same secret, another from another', () => {
    const first = loadSigningKeySecret({ AUTH_SIGNING_KEY_SECRET: secret }, { dataDir, create: true }).key;
    expect(loadSigningKeySecret({ AUTH_SIGNING_KEY_SECRET: secret }, { dataDir, create: true }).key.equals(first)).toBe(true);
    expect(loadSigningKeySecret({ AUTH_SIGNING_KEY_SECRET: `${secret}x` }, { dataDir, create: true }).key.equals(first)).toBe(false);
  });

  it('refuses a secret shorter than 32 characters, saying how to make one', () => {
    expect(() => loadSigningKeySecret({ AUTH_SIGNING_KEY_SECRET: 'short' }, { dataDir, create: true })).toThrow(/at least 32 characters.*openssl rand/);
  });

  it('without the variable, generates a development secret in DATA_DIR readable by its owner only, and keeps using it', () => {
    const first = loadSigningKeySecret({}, { dataDir, create: true });
    const path = join(dataDir, DEV_SECRET_FILE);
    expect(first.source).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    expect(loadSigningKeySecret({}, { dataDir, create: true }).key.equals(first.key)).toBe(true);
  });

  it('uses a secret file that is already there', () => {
    loadSigningKeySecret({}, { dataDir, create: true });
    writeFileSync(join(dataDir, DEV_SECRET_FILE), `${secret}\n`);
    expect(loadSigningKeySecret({}, { dataDir, create: true }).key.equals(loadSigningKeySecret({ AUTH_SIGNING_KEY_SECRET: secret }, { dataDir, create: true }).key)).toBe(true);
  });

  it('never creates one for the rotate command: a new secret could not open the existing keys', () => {
    expect(() => loadSigningKeySecret({}, { dataDir, create: false })).toThrow(/AUTH_SIGNING_KEY_SECRET/);
  });
});
