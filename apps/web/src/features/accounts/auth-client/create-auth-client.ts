import { AUTH_STORAGE_KEY, type PublicConfig } from '@jokes/contracts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { SessionLifetimeRequest } from './session-lifetime';

/** SPEC 3: the auth session is kept in the browser under one fixed key (the local billing portal reads it too). */
export { AUTH_STORAGE_KEY };

/** Null in the config means the product's own auth service, on this origin (/auth/v1). */
export const authBackendUrl = (config: PublicConfig, origin: string): string => config.supabaseUrl ?? origin;

/**
 * The auth client as SPEC 7 describes it: PKCE, auto refresh, session detection
 * in the URL, the session persisted. A missing URL or key throws in
 * supabase-js's own words ('supabaseUrl is required.'), which the caller turns
 * into the 'Authentication Error' of SPEC 8.
 */
export function createAuthClient(config: PublicConfig, origin: string, lifetime: SessionLifetimeRequest): SupabaseClient {
  return createClient(authBackendUrl(config, origin), config.supabaseAnonKey, {
    auth: {
      flowType: 'pkce',
      autoRefreshToken: true,
      detectSessionInUrl: true,
      persistSession: true,
      storageKey: AUTH_STORAGE_KEY,
    },
    global: { fetch: lifetime.wrap((input, init) => fetch(input, init)) },
  });
}
