import { errors, jwtVerify, SignJWT, type JWTHeaderParameters, type JWTPayload } from 'jose';
import { GoTrueError } from '../gotrue/gotrue-error.js';
import type { SigningKeys } from './signing-keys.js';

/** How the user proved themselves in this session (`amr`, RFC 8176 as GoTrue uses it). */
export type AmrMethod = 'password' | 'otp' | 'recovery';

export interface AmrEntry {
  method: AmrMethod;
  /** Seconds since the epoch. */
  timestamp: number;
}

export interface AccessTokenSubject {
  user: { id: string; email: string; roles: readonly string[]; userMetadata: Record<string, unknown> };
  session: { id: string; aal: 'aal1' | 'aal2'; amr: readonly AmrEntry[]; notAfter: Date };
}

/** The claims supabase-js and the APIs read, exactly as GoTrue puts them. */
export interface AccessTokenClaims extends JWTPayload {
  iss: string;
  sub: string;
  aud: 'authenticated';
  exp: number;
  iat: number;
  email: string;
  phone: '';
  app_metadata: { provider: 'email'; providers: ['email']; roles: string[] };
  user_metadata: Record<string, unknown>;
  role: 'authenticated';
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: false;
}

/**
 * Pure: the claims for a subject at `now` (seconds). The token never outlives
 * its session, so a remember-me-off session really ends after 86400 s.
 */
export function accessTokenClaims(subject: AccessTokenSubject, options: { issuer: string; now: number; lifetimeSeconds: number }): AccessTokenClaims {
  const { user, session } = subject;
  const sessionEnd = Math.floor(session.notAfter.getTime() / 1000);
  return {
    iss: options.issuer,
    sub: user.id,
    aud: 'authenticated',
    exp: Math.min(options.now + options.lifetimeSeconds, sessionEnd),
    iat: options.now,
    email: user.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'], roles: [...user.roles] },
    user_metadata: user.userMetadata,
    role: 'authenticated',
    aal: session.aal,
    amr: [...session.amr],
    session_id: session.id,
    is_anonymous: false,
  };
}

/** Signs with the active ES256 key and verifies against every published key. */
export class AccessTokens {
  constructor(
    private readonly keys: SigningKeys,
    private readonly issuer: string,
  ) {}

  async sign(claims: AccessTokenClaims): Promise<string> {
    const { kid, key, alg } = this.keys.signingKey;
    return new SignJWT(claims).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(key);
  }

  /** A valid token of ours or GoTrue's 401 bad_jwt: signature, algorithm, issuer, audience, expiry. */
  async verify(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(
        token,
        async (header: JWTHeaderParameters) => {
          const key = await this.keys.publicKey(header.kid);
          if (!key) throw new errors.JWKSNoMatchingKey();
          return key;
        },
        { issuer: this.issuer, audience: 'authenticated', algorithms: ['ES256'], requiredClaims: ['sub', 'exp', 'iat', 'session_id'] },
      );
      return payload as AccessTokenClaims;
    } catch (error) {
      if (error instanceof errors.JOSEError) {
        throw new GoTrueError(401, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${error.message}`);
      }
      throw error;
    }
  }
}
