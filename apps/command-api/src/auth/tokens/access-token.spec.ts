import { describe, expect, it } from '@jest/globals';
import { decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { GoTrueError } from '../gotrue/gotrue-error.js';
import { AccessTokens, accessTokenClaims, type AccessTokenSubject } from './access-token.js';
import type { SigningKeys } from './signing-keys.js';

const issuer = 'http://localhost:3000/auth/v1';
const now = 1_750_000_000;

const subject = (overrides: Partial<AccessTokenSubject['session']> = {}): AccessTokenSubject => ({
  user: {
    id: '0b7c1f0e-5a4e-4c1b-9f59-3d2c1a0e8b71',
    email: 'ada@example.com',
    roles: [],
    userMetadata: { sub: '0b7c1f0e-5a4e-4c1b-9f59-3d2c1a0e8b71', email: 'ada@example.com', email_verified: true, phone_verified: false },
  },
  session: {
    id: '6a0cf1a2-3d1b-4e47-8f3c-9b8f1c2d3e4f',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now - 5 }],
    notAfter: new Date((now + 30 * 86_400) * 1000),
    ...overrides,
  },
});

describe('accessTokenClaims', () => {
  it('carries exactly the claims supabase-js and the APIs read', () => {
    expect(accessTokenClaims(subject(), { issuer, now, lifetimeSeconds: 3600 })).toEqual({
      iss: issuer,
      sub: '0b7c1f0e-5a4e-4c1b-9f59-3d2c1a0e8b71',
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      email: 'ada@example.com',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'], roles: [] },
      user_metadata: { sub: '0b7c1f0e-5a4e-4c1b-9f59-3d2c1a0e8b71', email: 'ada@example.com', email_verified: true, phone_verified: false },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now - 5 }],
      session_id: '6a0cf1a2-3d1b-4e47-8f3c-9b8f1c2d3e4f',
      is_anonymous: false,
    });
  });

  it('never outlives its session: a remember-me-off session ends on time', () => {
    const claims = accessTokenClaims(subject({ notAfter: new Date((now + 600) * 1000) }), { issuer, now, lifetimeSeconds: 3600 });
    expect(claims.exp).toBe(now + 600);
  });

  it("says how the user proved themselves: a reset link's session carries recovery", () => {
    const claims = accessTokenClaims(subject({ amr: [{ method: 'recovery', timestamp: now }] }), { issuer, now, lifetimeSeconds: 3600 });
    expect(claims.amr).toEqual([{ method: 'recovery', timestamp: now }]);
  });

  it('carries the assurance level of the session', () => {
    expect(accessTokenClaims(subject({ aal: 'aal2' }), { issuer, now, lifetimeSeconds: 3600 }).aal).toBe('aal2');
  });
});

describe('AccessTokens', () => {
  async function tokensWithKey() {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const keys = {
      signingKey: { kid: 'kid-1', key: privateKey, alg: 'ES256' },
      publicKey: async (kid: string | undefined) => (kid === 'kid-1' ? publicKey : undefined),
    } as unknown as SigningKeys;
    return { tokens: new AccessTokens(keys, issuer), publicKey };
  }

  it('signs ES256 with the key id in the header, verifiable with the public key alone', async () => {
    const { tokens, publicKey } = await tokensWithKey();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const live = subject({ notAfter: new Date((nowSeconds + 86_400) * 1000) });
    const token = await tokens.sign(accessTokenClaims(live, { issuer, now: nowSeconds, lifetimeSeconds: 3600 }));
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: 'kid-1', typ: 'JWT' });
    const { payload } = await jwtVerify(token, publicKey as CryptoKey, { issuer, audience: 'authenticated' });
    expect(payload.sub).toBe(subject().user.id);
    expect((await exportJWK(publicKey)).kty).toBe('EC');
  });

  it('refuses an expired token with 401 bad_jwt', async () => {
    const { tokens } = await tokensWithKey();
    const past = Math.floor(Date.now() / 1000) - 7200;
    const token = await tokens.sign(accessTokenClaims(subject(), { issuer, now: past, lifetimeSeconds: 3600 }));
    await expect(tokens.verify(token)).rejects.toMatchObject({ status: 401, errorCode: 'bad_jwt' });
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(GoTrueError);
  });

  it('refuses a token of another issuer', async () => {
    const { tokens } = await tokensWithKey();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const live = subject({ notAfter: new Date((nowSeconds + 86_400) * 1000) });
    const token = await tokens.sign(accessTokenClaims(live, { issuer: 'https://elsewhere/auth/v1', now: nowSeconds, lifetimeSeconds: 3600 }));
    await expect(tokens.verify(token)).rejects.toMatchObject({ errorCode: 'bad_jwt' });
  });
});
