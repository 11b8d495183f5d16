import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

export interface AuthConfig {
  /** Where the signing keys are published (JWKS). */
  jwksUrl: URL;
  /** The `iss` every access token must carry. */
  issuer: string;
  audience: string;
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
  };
}

/** Verifies ES256/RS256 access tokens against the published keys: signature, issuer, audience, expiry. */
export class TokenVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly config: AuthConfig) {
    this.keys = createRemoteJWKSet(config.jwksUrl, { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
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
    return {
      userId: payload.sub!,
      email: typeof payload.email === 'string' ? payload.email : null,
      sessionId: typeof payload.session_id === 'string' ? payload.session_id : null,
      role: typeof payload.role === 'string' ? payload.role : 'authenticated',
      roles: Array.isArray(appMetadata.roles) ? appMetadata.roles.filter((role): role is string => typeof role === 'string') : [],
      aal: typeof payload.aal === 'string' ? payload.aal : 'aal1',
    };
  }
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value.trim()) : null;
  return match?.[1];
}
