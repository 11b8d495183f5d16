import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { migrate } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { authMigrations } from '../persistence/auth.migrations.js';
import { PUBLISH_LEAD_SECONDS } from './signing-key-schedule.js';
import { rotateSigningKey } from './signing-key-store.js';
import { SigningKeys } from './signing-keys.js';

// The signing keys in PostgreSQL: encrypted at rest (also the plaintext keys
// an earlier version stored), and rotated without breaking a live token.
let db: TestDatabase;
const opened: SigningKeys[] = [];
beforeEach(async () => {
  db = await createTestDatabase('keys');
});
afterEach(async () => {
  for (const keys of opened.splice(0)) keys.onModuleDestroy();
  await db.drop();
});

const secret = { key: randomBytes(32), source: 'AUTH_SIGNING_KEY_SECRET' };
const options = { secret, accessTokenSeconds: 3600 };
const load = async (withOptions = options) => {
  const keys = await SigningKeys.load(db.pool, withOptions);
  opened.push(keys);
  return keys;
};
const sign = (keys: SigningKeys) => {
  const { kid, key, alg } = keys.signingKey;
  return new SignJWT({ sub: 'someone' }).setProtectedHeader({ alg, kid }).setExpirationTime('1h').sign(key);
};
const verifies = async (keys: SigningKeys, token: string) =>
  jwtVerify(token, async (header) => (await keys.publicKey(header.kid)) ?? Promise.reject(new Error('unknown kid'))).then(
    () => true,
    () => false,
  );
const rows = async () =>
  (await db.pool.query<{ kid: string; private_jwk: JWK | null; private_key_encrypted: string | null; active: boolean }>('SELECT kid, private_jwk, private_key_encrypted, active FROM auth_signing_keys ORDER BY signs_from')).rows;

describe('a key stored in plaintext by an earlier version', () => {
  it('is encrypted on start, keeps its kid, and tokens it signed before still verify', async () => {
    await migrate(db.pool, 'auth', authMigrations.filter((migration) => migration.version === 1));
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const privateJwk = { ...(await exportJWK(privateKey)), kid };
    await db.pool.query('INSERT INTO auth_signing_keys (kid, algorithm, public_jwk, private_jwk) VALUES ($1, $2, $3, $4)', [
      kid,
      'ES256',
      { ...publicJwk, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] },
      privateJwk,
    ]);
    const before = await new SignJWT({ sub: 'someone' }).setProtectedHeader({ alg: 'ES256', kid }).setExpirationTime('1h').sign(privateKey);

    await migrate(db.pool, 'auth', authMigrations);
    const keys = await load();

    const [row] = await rows();
    expect(row).toMatchObject({ kid, private_jwk: null, private_key_encrypted: expect.stringMatching(/^v1\./) });
    expect(row!.private_key_encrypted).not.toContain(privateJwk.d!);
    expect(keys.signingKey.kid).toBe(kid);
    expect(await verifies(keys, before)).toBe(true);
    expect(await verifies(keys, await sign(keys))).toBe(true);
  });
});

describe('a new installation', () => {
  beforeEach(async () => {
    await migrate(db.pool, 'auth', authMigrations);
  });

  it('generates one key, stored encrypted only', async () => {
    const keys = await load();
    expect(await rows()).toEqual([{ kid: keys.signingKey.kid, private_jwk: null, private_key_encrypted: expect.stringMatching(/^v1\./), active: true }]);
    expect(keys.jwks().keys).toEqual([expect.objectContaining({ kid: keys.signingKey.kid, kty: 'EC' })]);
    expect(keys.jwks().keys[0]).not.toHaveProperty('d');
  });

  it('refuses to start with another secret, naming where the secret came from', async () => {
    await load();
    await expect(load({ ...options, secret: { key: randomBytes(32), source: '/data/auth-signing-key-secret' } })).rejects.toThrow(
      /another secret than \/data\/auth-signing-key-secret/,
    );
  });
});

describe('a rotation', () => {
  beforeEach(async () => {
    await migrate(db.pool, 'auth', authMigrations);
  });

  it('publishes the new key at once in every process but signs with the old one until the lead time has passed', async () => {
    const first = await load();
    const second = await load();
    const oldKid = first.signingKey.kid;
    const oldToken = await sign(first);
    const now = new Date();

    const rotation = await rotateSigningKey(db.pool, secret.key, now, 3600);
    expect(rotation.previous?.kid).toBe(oldKid);
    expect(rotation.added.signsFrom.getTime()).toBe(now.getTime() + PUBLISH_LEAD_SECONDS * 1000);
    expect(rotation.previous!.retiresAt.getTime()).toBe(rotation.added.signsFrom.getTime() + (3600 + 300) * 1000);

    await Promise.all([first.reload(), second.reload()]);
    for (const keys of [first, second]) {
      expect(keys.jwks().keys.map((jwk) => jwk.kid).sort()).toEqual([oldKid, rotation.added.kid].sort());
      expect(keys.signingKey.kid).toBe(oldKid);
      expect(await verifies(keys, oldToken)).toBe(true);
    }
    expect((await rows()).map((row) => row.active)).toEqual([false, true]);
  });

  it('refuses a secret that cannot open the current key, and changes nothing', async () => {
    await load();
    await expect(rotateSigningKey(db.pool, randomBytes(32), new Date(), 3600)).rejects.toThrow(/does not decrypt/);
    expect(await rows()).toHaveLength(1);
  });

  it('deletes keys whose tokens have all expired', async () => {
    await load();
    const start = new Date();
    const second = await rotateSigningKey(db.pool, secret.key, start, 3600);
    const later = new Date(second.previous!.retiresAt.getTime() + 1000);
    const third = await rotateSigningKey(db.pool, secret.key, later, 3600);
    expect(third.removed).toEqual([second.previous!.kid]);
    expect((await rows()).map((row) => row.kid)).toEqual([second.added.kid, third.added.kid]);
  });
});
