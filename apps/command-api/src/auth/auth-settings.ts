import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { intFromEnv } from '@jokes/server';

/**
 * Wrong passwords, counted so that an attacker is slowed and the owner is not
 * locked out (see README "Rate limits"). "Address" is the e-mail address,
 * "client" the caller's IP address (an IPv6 caller by its /64). A right
 * password never counts.
 */
export interface PasswordLimitSettings {
  /** Wrong passwords for one address from one client per `windowSeconds`: one guesser, one account. */
  perAddressAndClient: number;
  /** Wrong passwords from one client, all addresses together, per `windowSeconds`: sized for a shared NAT. */
  perClient: number;
  /**
   * Wrong passwords for one address from all clients per `addressWindowSeconds`
   * (guessing spread over many clients). Beyond it the address is not closed:
   * clients that signed in to the account before still try their password,
   * others get 429 and sign in with a reset link.
   */
  perAddress: number;
  addressWindowSeconds: number;
  /** A client that signed in to an account stays known to it this long. */
  knownClientSeconds: number;
}

export interface RateLimitSettings {
  windowSeconds: number;
  /** Confirmation and reset mails to one address (signup + recover). */
  mailsPerAddress: number;
  /** Sign-ups, recovers and resets from one client address (each kind counted apart). */
  requestsPerIp: number;
  password: PasswordLimitSettings;
}

export interface AuthSettings {
  /** The origin the browser uses; links in mails and redirects start here. */
  publicUrl: string;
  /** `iss` of every access token; the APIs verify against the same value. */
  issuer: string;
  /** The `apikey` every client must send, as GoTrue behind its gateway expects. */
  anonKey: string;
  /** Origins or URL prefixes (with `*` wildcards) a `redirect_to` may point at, besides publicUrl. */
  redirectAllowList: string[];
  accessTokenSeconds: number;
  /** A session (its refresh tokens) ends this long after sign-in... */
  sessionSeconds: number;
  /** ...or this long when remember-me is off (SPEC section 5: 86400 s). */
  shortSessionSeconds: number;
  confirmationSeconds: number;
  recoverySeconds: number;
  authCodeSeconds: number;
  rateLimits: RateLimitSettings;
}

export const AUTH_SETTINGS = Symbol('AUTH_SETTINGS');

const DAY = 86_400;

export function authSettingsFromEnv(env: NodeJS.ProcessEnv): AuthSettings {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, '');
  return {
    publicUrl,
    // The same default as the APIs' verifier (libs/server authConfigFromEnv), so they agree.
    issuer: env.AUTH_ISSUER ?? `${publicUrl}/auth/v1`,
    anonKey: env.SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
    redirectAllowList: (env.AUTH_REDIRECT_ALLOW_LIST ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    accessTokenSeconds: intFromEnv(env, 'AUTH_ACCESS_TOKEN_SECONDS', 3600),
    sessionSeconds: 30 * DAY,
    shortSessionSeconds: DAY,
    confirmationSeconds: DAY,
    recoverySeconds: 3600,
    authCodeSeconds: 300,
    rateLimits: {
      windowSeconds: intFromEnv(env, 'AUTH_RATE_LIMIT_WINDOW_SECONDS', 900),
      mailsPerAddress: intFromEnv(env, 'AUTH_RATE_LIMIT_MAILS_PER_ADDRESS', 5),
      requestsPerIp: intFromEnv(env, 'AUTH_RATE_LIMIT_PER_IP', 30),
      password: {
        perAddressAndClient: intFromEnv(env, 'AUTH_RATE_LIMIT_PASSWORD_PER_ADDRESS_CLIENT', 10),
        perClient: intFromEnv(env, 'AUTH_RATE_LIMIT_PASSWORD_PER_CLIENT', 100),
        perAddress: intFromEnv(env, 'AUTH_RATE_LIMIT_PASSWORD_PER_ADDRESS', 50),
        addressWindowSeconds: intFromEnv(env, 'AUTH_RATE_LIMIT_PASSWORD_ADDRESS_WINDOW_SECONDS', 3600),
        knownClientSeconds: intFromEnv(env, 'AUTH_RATE_LIMIT_KNOWN_CLIENT_SECONDS', 30 * DAY),
      },
    },
  };
}
