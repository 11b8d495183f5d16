import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { intFromEnv } from '../config.js';
import { REVOCATION_BOUND_MS, RevocationList } from './token-revocations.js';

export interface AuthConfig {
  /** Where the signing keys are published (JWKS). */
  jwksUrl: URL;
  /** The `iss` every access token must carry. */
  issuer: string;
  audience: string;
  /**
   * How often the list of revoked tokens is read again (besides on each
   * announcement); absent: tokens are checked by their signature alone, as
   * for a hosted Supabase project, whose sessions this product cannot see.
   */
  revocationRefreshMs?: number;
}

/** Who is calling, as the verified access token says. */
export interface Caller {
  userId: string;
  email: string | null;
  sessionId: string | null;
  role: string;
  /** Product roles from `app_metadata.roles`: analyst, support, admin. */
  roles: string[];
  aal: string;
}

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/**
 * The auth settings every API uses. By default the product's own auth service
 * (command-api, /auth/v1) signs tokens; SUPABASE_URL points them at a hosted project.
 */
export function authConfigFromEnv(env: NodeJS.ProcessEnv): AuthConfig {
  const supabaseUrl = env.SUPABASE_URL?.replace(/\/$/, '');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, '');
  const commandPort = env.COMMAND_API_PORT ?? '3101';
  return {
    jwksUrl: new URL(env.AUTH_JWKS_URL ?? (supabaseUrl ? `${supabaseUrl}/auth/v1/.well-known/jwks.json` : `http://127.0.0.1:${commandPort}/auth/v1/.well-known/jwks.json`)),
    issuer: env.AUTH_ISSUER ?? `${supabaseUrl ?? publicUrl}/auth/v1`,
    audience: env.AUTH_AUDIENCE ?? 'authenticated',
    ...(supabaseUrl ? {} : { revocationRefreshMs: revocationRefreshMsFromEnv(env) }),
  };
}

/** AUTH_REVOCATION_REFRESH_MS: below the 5 s bound, or a missed announcement could outlast it. */
function revocationRefreshMsFromEnv(env: NodeJS.ProcessEnv): number {
  const value = intFromEnv(env, 'AUTH_REVOCATION_REFRESH_MS', 2_000);
  if (value < 100 || value > REVOCATION_BOUND_MS - 1_000) {
    throw new Error(`AUTH_REVOCATION_REFRESH_MS must be between 100 and ${REVOCATION_BOUND_MS - 1_000}, got "${env.AUTH_REVOCATION_REFRESH_MS}"`);
  }
  return value;
}

/**
 * The verifier of an API whose database is `databaseUrl`: with the product's
 * own auth service, a token of an ended session (or carrying a revoked role)
 * is refused within 5 s, from a list kept in memory (token-revocations.ts).
 */
export async function createTokenVerifier(config: AuthConfig, databaseUrl: string): Promise<TokenVerifier> {
  if (config.revocationRefreshMs === undefined) return new TokenVerifier(config);
  return new TokenVerifier(config, await RevocationList.start({ databaseUrl, refreshMs: config.revocationRefreshMs }));
}

/**
 * Verifies ES256/RS256 access tokens against the published keys: signature,
 * issuer, audience, expiry, and, given a revocation list, that the session
 * has not ended (no database round trip: the list is in memory).
 */
export class TokenVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly config: AuthConfig,
    private readonly revocations?: RevocationList,
  ) {
    this.keys = createRemoteJWKSet(config.jwksUrl, { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  }

  /** Nest calls it when the application closes: the list's connection ends. */
  async onApplicationShutdown(): Promise<void> {
    await this.revocations?.stop();
  }

  async verify(token: string): Promise<Caller> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: this.config.issuer,
        audience: this.config.audience,
        algorithms: ['ES256', 'RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError) throw new InvalidTokenError(error.code);
      throw error;
    }
    const appMetadata = (payload.app_metadata ?? {}) as { roles?: unknown };
    const caller: Caller = {
      userId: payload.sub!,
      email: typeof payload.email === 'string' ? payload.email : null,
      sessionId: typeof payload.session_id === 'string' ? payload.session_id : null,
      role: typeof payload.role === 'string' ? payload.role : 'authenticated',
      roles: Array.isArray(appMetadata.roles) ? appMetadata.roles.filter((role): role is string => typeof role === 'string') : [],
      aal: typeof payload.aal === 'string' ? payload.aal : 'aal1',
    };
    if (this.revocations?.refuses(caller)) throw new InvalidTokenError('ERR_TOKEN_REVOKED');
    return caller;
  }
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value.trim()) : null;
  return match?.[1];
}
