import type { OnModuleDestroy } from '@nestjs/common';
import { log } from '@jokes/server';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import type pg from 'pg';
import { decryptPrivateJwk, SigningKeyDecryptionError } from './signing-key-cipher.js';
import { isPublished, RELOAD_INTERVAL_MS, signerAt } from './signing-key-schedule.js';
import type { SigningKeySecret } from './signing-key-secret.js';
import { createFirstKey, encryptPlaintextKeys, readStoredKeys, SIGNING_ALGORITHM, type StoredKey } from './signing-key-store.js';

/** As the APIs' JWKS client: an unknown kid refetches keys at most this often. */
const RELOAD_COOLDOWN_MS = 30_000;

interface LoadedKey extends StoredKey {
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

export interface SigningKeysOptions {
  /** Opens the private keys stored encrypted (signing-key-secret.ts). */
  secret: SigningKeySecret;
  /** Decides how long a replaced key stays published. */
  accessTokenSeconds: number;
}

/**
 * The ES256 key pairs that sign access tokens, private halves encrypted in
 * `auth_signing_keys`. The first start generates one; `npm run
 * rotate-signing-key` adds the next (signing-key-store.ts). Every process
 * re-reads the keys every few seconds, signs with the key whose turn it is and
 * publishes every key whose tokens may still be live (signing-key-schedule.ts).
 */
export class SigningKeys implements OnModuleDestroy {
  private keys: LoadedKey[] = [];
  private loadedAt = 0;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly options: SigningKeysOptions,
  ) {
    this.timer = setInterval(() => {
      this.reload().catch((error: unknown) => log('error', 'reloading the signing keys failed', { error: String(error) }));
    }, RELOAD_INTERVAL_MS).unref();
  }

  static async load(pool: pg.Pool, options: SigningKeysOptions): Promise<SigningKeys> {
    const encrypted = await encryptPlaintextKeys(pool, options.secret.key);
    if (encrypted > 0) log('info', 'encrypted signing keys stored in plaintext', { keys: encrypted });
    if ((await readStoredKeys(pool)).length === 0) await createFirstKey(pool, options.secret.key, new Date());
    const keys = new SigningKeys(pool, options);
    try {
      await keys.reload();
    } catch (error) {
      keys.onModuleDestroy();
      throw error;
    }
    return keys;
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  get signingKey(): { kid: string; key: CryptoKey; alg: typeof SIGNING_ALGORITHM } {
    const signer = signerAt(this.keys, new Date());
    if (!signer) throw new Error('No signing key in auth_signing_keys');
    return { kid: signer.kid, key: signer.privateKey, alg: SIGNING_ALGORITHM };
  }

  /**
   * The public key for a token's `kid`. An unknown kid reloads the keys at once
   * (another process may have just added one), at most once per cooldown:
   * otherwise every forged token with a fresh kid would cost a query.
   */
  async publicKey(kid: string | undefined): Promise<CryptoKey | undefined> {
    if (!kid) return undefined;
    if (!this.published().some((key) => key.kid === kid) && Date.now() - this.loadedAt > RELOAD_COOLDOWN_MS) await this.reload();
    return this.published().find((key) => key.kid === kid)?.publicKey;
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.published().map((key) => key.publicJwk) };
  }

  /** Re-reads the rows; keys already imported are reused (a key's material never changes, only its schedule). */
  async reload(): Promise<void> {
    this.loadedAt = Date.now();
    const known = new Map(this.keys.map((key) => [key.kid, key]));
    const loaded: LoadedKey[] = [];
    for (const stored of await readStoredKeys(this.pool)) {
      const previous = known.get(stored.kid);
      loaded.push(previous ? { ...previous, signsFrom: stored.signsFrom, signsUntil: stored.signsUntil } : await this.imported(stored));
    }
    if (loaded.length === 0) throw new Error('No signing key in auth_signing_keys');
    this.keys = loaded;
  }

  private published(): LoadedKey[] {
    const now = new Date();
    return this.keys.filter((key) => isPublished(key, now, this.options.accessTokenSeconds));
  }

  private async imported(stored: StoredKey): Promise<LoadedKey> {
    let privateJwk: JWK;
    try {
      privateJwk = decryptPrivateJwk(this.options.secret.key, stored.kid, stored.privateKeyEncrypted);
    } catch (error) {
      if (!(error instanceof SigningKeyDecryptionError)) throw error;
      throw new Error(`${error.message}: the keys were encrypted with another secret than ${this.options.secret.source}. Start with the AUTH_SIGNING_KEY_SECRET (or DATA_DIR) they were made with.`);
    }
    return {
      ...stored,
      publicKey: (await importJWK(stored.publicJwk, SIGNING_ALGORITHM)) as CryptoKey,
      privateKey: (await importJWK(privateJwk, SIGNING_ALGORITHM)) as CryptoKey,
    };
  }
}
