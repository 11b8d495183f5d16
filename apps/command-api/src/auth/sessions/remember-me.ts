import { AuthErrors } from '../gotrue/gotrue-error.js';

export interface SessionChoice {
  rememberMe: boolean;
  /** Set when remember-me is off: how long the session may last. */
  lifetimeSeconds?: number;
}

const MIN_SECONDS = 300;
const MAX_SECONDS = 30 * 86_400;

/**
 * SPEC section 5: with remember-me off the client asks for a session lifetime
 * of 86400 s. supabase-js's password grant carries no such field, so the web
 * sends it as the `X-Session-Lifetime` header (or `?session_lifetime=`); a body
 * `remember_me: false` or `session_lifetime` works for clients that build
 * their own requests. Without any of them, `fallback` decides (the sign-up's
 * choice for sessions opened by its confirmation link).
 */
export function sessionChoice(
  requested: { lifetime?: string | undefined; body?: { remember_me?: unknown; session_lifetime?: unknown } },
  fallback: boolean,
  shortSessionSeconds: number,
): SessionChoice {
  const raw = requested.lifetime ?? requested.body?.session_lifetime;
  if (raw !== undefined && raw !== null && raw !== '') {
    const seconds = Number(raw);
    if (!Number.isInteger(seconds) || seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
      throw AuthErrors.validation(`session_lifetime must be a whole number of seconds between ${MIN_SECONDS} and ${MAX_SECONDS}`);
    }
    return { rememberMe: false, lifetimeSeconds: seconds };
  }
  if (requested.body?.remember_me === false) return { rememberMe: false, lifetimeSeconds: shortSessionSeconds };
  return fallback ? { rememberMe: true } : { rememberMe: false, lifetimeSeconds: shortSessionSeconds };
}
