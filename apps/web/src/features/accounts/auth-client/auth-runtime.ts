import type { PublicConfig } from '@jokes/contracts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { AppStore } from '../../../shared/store/store';
import { accountsApi } from '../api/accounts.api';
import { authBackendUrl, createAuthClient } from './create-auth-client';
import { SessionLifetimeRequest } from './session-lifetime';

/** The part of supabase-js's auth client the app uses: the port tests fake. */
export type AuthClient = Pick<
  SupabaseClient['auth'],
  'getSession' | 'onAuthStateChange' | 'signInWithPassword' | 'signUp' | 'signOut' | 'resetPasswordForEmail' | 'updateUser'
>;

/** What start-up found out about authentication; the app renders either way. */
export interface AuthRuntime {
  /** Null when initialisation failed; the app then stays logged out. */
  auth: AuthClient | null;
  config: PublicConfig | null;
  /** Where the auth backend lives (this origin for the product's own service). */
  authUrl: string | null;
  error: Error | null;
  sessionLifetime: SessionLifetimeRequest;
}

export const AuthRuntimeContext = createContext<AuthRuntime | null>(null);

export function useAuthRuntime(): AuthRuntime {
  const runtime = useContext(AuthRuntimeContext);
  if (runtime === null) throw new Error('useAuthRuntime must be used within the App');
  return runtime;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Reads GET /api/config once, then creates the auth client (which starts
 * restoring the session, or exchanging a ?code= from an e-mail link, at once).
 */
export async function startAuthRuntime(store: AppStore, origin: string): Promise<AuthRuntime> {
  const sessionLifetime = new SessionLifetimeRequest();
  const request = store.dispatch(accountsApi.endpoints.getPublicConfig.initiate());
  const result = await request;
  request.unsubscribe();
  if (result.error || !result.data) {
    const message = result.error && 'message' in result.error ? String(result.error.message) : 'No configuration';
    return { auth: null, config: null, authUrl: null, error: new Error(message), sessionLifetime };
  }
  const config = result.data;
  try {
    const client = createAuthClient(config, origin, sessionLifetime);
    return { auth: client.auth, config, authUrl: authBackendUrl(config, origin), error: null, sessionLifetime };
  } catch (error) {
    return { auth: null, config, authUrl: null, error: asError(error), sessionLifetime };
  }
}
