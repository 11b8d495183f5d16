import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type pg from 'pg';
import { decryptPrivateJwk, encryptPrivateJwk } from './signing-key-cipher.js';
import { isPublished, retiresAt, rotationTakesOverAt, type ScheduledKey } from './signing-key-schedule.js';

export const SIGNING_ALGORITHM = 'ES256';

/** A row of `auth_signing_keys`, private key still encrypted. */
export interface StoredKey extends ScheduledKey {
  publicJwk: JWK;
  privateKeyEncrypted: string;
}

interface KeyRow {
  kid: string;
  public_jwk: JWK;
  private_key_encrypted: string | null;
  signs_from: Date;
  signs_until: Date | null;
}

/** Every key, oldest first. Plaintext keys (before encryption at rest) are encrypted first: see encryptPlaintextKeys. */
export async function readStoredKeys(pool: pg.Pool | pg.PoolClient): Promise<StoredKey[]> {
  const result = await pool.query<KeyRow>(
    `SELECT kid, public_jwk, private_key_encrypted, signs_from, signs_until FROM auth_signing_keys
     WHERE private_key_encrypted IS NOT NULL ORDER BY signs_from, kid`,
  );
  return result.rows.map((row) => ({
    kid: row.kid,
    publicJwk: row.public_jwk,
    privateKeyEncrypted: row.private_key_encrypted!,
    signsFrom: row.signs_from,
    signsUntil: row.signs_until,
  }));
}

/**
 * Keys stored in plaintext by earlier versions are encrypted in place. Safe
 * to run from several processes at once: the update only takes a row that is
 * still plaintext. Returns how many this call encrypted.
 */
export async function encryptPlaintextKeys(pool: pg.Pool, secret: Buffer): Promise<number> {
  const plaintext = await pool.query<{ kid: string; private_jwk: JWK }>('SELECT kid, private_jwk FROM auth_signing_keys WHERE private_jwk IS NOT NULL');
  let encrypted = 0;
  for (const row of plaintext.rows) {
    const result = await pool.query(
      'UPDATE auth_signing_keys SET private_key_encrypted = $2, private_jwk = NULL WHERE kid = $1 AND private_jwk IS NOT NULL',
      [row.kid, encryptPrivateJwk(secret, row.kid, row.private_jwk)],
    );
    encrypted += result.rowCount ?? 0;
  }
  return encrypted;
}

/** The first key of a new installation; processes starting together race, and the partial unique index lets one win. */
export async function createFirstKey(pool: pg.Pool, secret: Buffer, now: Date): Promise<void> {
  const key = await newKeyPair(secret);
  await pool.query(
    `INSERT INTO auth_signing_keys (kid, algorithm, public_jwk, private_key_encrypted, active, signs_from)
     VALUES ($1, $2, $3, $4, true, $5) ON CONFLICT DO NOTHING`,
    [key.kid, SIGNING_ALGORITHM, key.publicJwk, key.privateKeyEncrypted, now],
  );
}

export interface Rotation {
  added: { kid: string; signsFrom: Date };
  previous: { kid: string; retiresAt: Date } | undefined;
  /** Keys whose tokens had all expired, deleted now. */
  removed: string[];
}

/**
 * Adds a key that signs from `rotationTakesOverAt(now)`; the current key signs
 * until then and stays published until its tokens have expired. The secret
 * must open the current key, or the processes could not open the new one
 * either. One rotation at a time (table lock).
 */
export async function rotateSigningKey(pool: pg.Pool, secret: Buffer, now: Date, accessTokenSeconds: number): Promise<Rotation> {
  const key = await newKeyPair(secret);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE auth_signing_keys IN SHARE ROW EXCLUSIVE MODE');
    const plaintextLeft = await client.query('SELECT 1 FROM auth_signing_keys WHERE private_jwk IS NOT NULL');
    if ((plaintextLeft.rowCount ?? 0) > 0) throw new Error('Some signing keys are still stored in plaintext: start the product once (it encrypts them), then rotate.');
    const keys = await readStoredKeys(client);
    const current = keys.find((stored) => stored.signsUntil === null);
    if (current) decryptPrivateJwk(secret, current.kid, current.privateKeyEncrypted);

    const retired = keys.filter((stored) => !isPublished(stored, now, accessTokenSeconds)).map((stored) => stored.kid);
    if (retired.length > 0) await client.query('DELETE FROM auth_signing_keys WHERE kid = ANY($1)', [retired]);
    const signsFrom = rotationTakesOverAt(now);
    await client.query('UPDATE auth_signing_keys SET active = false, signs_until = $1 WHERE active', [signsFrom]);
    await client.query(
      `INSERT INTO auth_signing_keys (kid, algorithm, public_jwk, private_key_encrypted, active, signs_from) VALUES ($1, $2, $3, $4, true, $5)`,
      [key.kid, SIGNING_ALGORITHM, key.publicJwk, key.privateKeyEncrypted, signsFrom],
    );
    await client.query('COMMIT');
    return {
      added: { kid: key.kid, signsFrom },
      previous: current ? { kid: current.kid, retiresAt: retiresAt({ ...current, signsUntil: signsFrom }, accessTokenSeconds)! } : undefined,
      removed: retired,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function newKeyPair(secret: Buffer): Promise<{ kid: string; publicJwk: JWK; privateKeyEncrypted: string }> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    publicJwk: { ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig', key_ops: ['verify'] },
    privateKeyEncrypted: encryptPrivateJwk(secret, kid, { ...(await exportJWK(privateKey)), kid }),
  };
}
