import { GoTrueClient } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY, type PublicConfig } from '@jokes/contracts';
import type { SessionLifetimeRequest } from './session-lifetime';

/** SPEC 3: the auth session is kept in the browser under one fixed key (the local billing portal reads it too). */
export { AUTH_STORAGE_KEY };

/** Null in the config means the product's own auth service, on this origin (/auth/v1). */
export const authBackendUrl = (config: PublicConfig, origin: string): string => config.supabaseUrl ?? origin;

/** The checks supabase-js's createClient makes, in its words (the caller shows them as SPEC 8's 'Authentication Error'). */
function authEndpoint(backendUrl: string): string {
  const trimmed = backendUrl.trim();
  if (!trimmed) throw new Error('supabaseUrl is required.');
  if (!/^https?:\/\//i.test(trimmed)) throw new Error('Invalid supabaseUrl: Must be a valid HTTP or HTTPS URL.');
  try {
    return new URL('auth/v1', trimmed.endsWith('/') ? trimmed : `${trimmed}/`).href;
  } catch {
    throw new Error('Invalid supabaseUrl: Provided URL is malformed.');
  }
}

/**
 * The auth client as SPEC 7 describes it: PKCE, auto refresh, session detection
 * in the URL, the session persisted. Only supabase-js's auth part
 * (@supabase/auth-js), set up as supabase-js sets it up (`{url}/auth/v1`, the
 * anon key as apikey and bearer): its database, storage and realtime clients
 * are never used here and stay out of the browser.
 */
export function createAuthClient(config: PublicConfig, origin: string, lifetime: SessionLifetimeRequest): GoTrueClient {
  const url = authEndpoint(authBackendUrl(config, origin));
  const key = config.supabaseAnonKey;
  if (!key) throw new Error('supabaseKey is required.');
  return new GoTrueClient({
    url,
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    flowType: 'pkce',
    autoRefreshToken: true,
    detectSessionInUrl: true,
    persistSession: true,
    storageKey: AUTH_STORAGE_KEY,
    fetch: lifetime.wrap((input, init) => fetch(input, init)),
  });
}
