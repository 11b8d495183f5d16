import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type pg from 'pg';

const ALGORITHM = 'ES256';
/** As the APIs' JWKS client: an unknown kid refetches keys at most this often. */
const RELOAD_COOLDOWN_MS = 30_000;

interface KeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk: JWK;
  active: boolean;
}

/**
 * The ES256 key pairs that sign access tokens. The first start generates one
 * and stores it; every process (and every restart) then signs with the same
 * key, and the JWKS publishes all of them so a future rotation keeps old
 * tokens verifiable until they expire.
 */
export class SigningKeys {
  private loadedAt = Date.now();

  private constructor(
    private readonly pool: pg.Pool,
    private active: { kid: string; key: CryptoKey },
    private publicKeys: Map<string, { jwk: JWK; key: CryptoKey }>,
  ) {}

  static async load(pool: pg.Pool): Promise<SigningKeys> {
    let rows = await SigningKeys.rows(pool);
    if (!rows.some((row) => row.active)) {
      await SigningKeys.generate(pool);
      rows = await SigningKeys.rows(pool);
    }
    const { active, publicKeys } = await SigningKeys.imported(rows);
    return new SigningKeys(pool, active, publicKeys);
  }

  get signingKey(): { kid: string; key: CryptoKey; alg: typeof ALGORITHM } {
    return { ...this.active, alg: ALGORITHM };
  }

  /**
   * The public key for a token's `kid`. An unknown kid reloads the keys (another
   * process may have added one), at most once per cooldown: otherwise every
   * forged token with a fresh kid would cost a query and key imports.
   */
  async publicKey(kid: string | undefined): Promise<CryptoKey | undefined> {
    if (!kid) return undefined;
    if (!this.publicKeys.has(kid) && Date.now() - this.loadedAt > RELOAD_COOLDOWN_MS) {
      this.loadedAt = Date.now();
      const { active, publicKeys } = await SigningKeys.imported(await SigningKeys.rows(this.pool));
      this.active = active;
      this.publicKeys = publicKeys;
    }
    return this.publicKeys.get(kid)?.key;
  }

  jwks(): { keys: JWK[] } {
    return { keys: [...this.publicKeys.values()].map(({ jwk }) => jwk) };
  }

  private static async rows(pool: pg.Pool): Promise<KeyRow[]> {
    const result = await pool.query<KeyRow>('SELECT kid, public_jwk, private_jwk, active FROM auth_signing_keys ORDER BY created_at');
    return result.rows;
  }

  private static async generate(pool: pg.Pool): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const published: JWK = { ...publicJwk, kid, alg: ALGORITHM, use: 'sig', key_ops: ['verify'] };
    // The partial unique index lets exactly one racing process insert the active key.
    await pool.query(
      `INSERT INTO auth_signing_keys (kid, algorithm, public_jwk, private_jwk) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [kid, ALGORITHM, published, { ...(await exportJWK(privateKey)), kid }],
    );
  }

  private static async imported(rows: KeyRow[]) {
    const publicKeys = new Map<string, { jwk: JWK; key: CryptoKey }>();
    let active: { kid: string; key: CryptoKey } | undefined;
    for (const row of rows) {
      publicKeys.set(row.kid, { jwk: row.public_jwk, key: (await importJWK(row.public_jwk, ALGORITHM)) as CryptoKey });
      if (row.active) active = { kid: row.kid, key: (await importJWK(row.private_jwk, ALGORITHM)) as CryptoKey };
    }
    if (!active) throw new Error('No active signing key in auth_signing_keys');
    return { active, publicKeys };
  }
}
