import type { PublicConfig } from '@jokes/contracts';
import type { GoTrueClient } from '@supabase/auth-js';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppStore } from '../../../shared/store/store';
import { deferredAuthClient } from './deferred-auth-client';
import type { LoadedAuthClient } from './load-auth-client';
import { SessionLifetimeRequest } from './session-lifetime';

/** The part of the auth client (@supabase/auth-js, supabase-js's auth) the app uses: the port tests fake. */
export type AuthClient = Pick<
  GoTrueClient,
  'getSession' | 'onAuthStateChange' | 'signInWithPassword' | 'signUp' | 'signOut' | 'resetPasswordForEmail' | 'updateUser'
>;

/** What start-up found out about authentication; the app renders before it is known, and either way. */
export interface AuthRuntime {
  /** Null when initialisation failed; the app then stays logged out. While starting, its calls wait for the client. */
  auth: AuthClient | null;
  config: PublicConfig | null;
  /** Where the auth backend lives (this origin for the product's own service). */
  authUrl: string | null;
  error: Error | null;
  sessionLifetime: SessionLifetimeRequest;
  /** On while the config and the auth client load (`config` and `authUrl` are null until then). */
  starting: boolean;
}

/**
 * The runtime as it changes (starting, then ready), read like an external
 * store: the home page rendered at build time hydrates with the runtime it
 * was rendered with, however far start-up has come by then, and updates after.
 */
export interface AuthRuntimeSource {
  readonly initial: AuthRuntime;
  current(): AuthRuntime;
  subscribe(listener: () => void): () => void;
}

/** A runtime that never changes (tests, the build-time render). */
export function fixedAuthRuntime(runtime: AuthRuntime): AuthRuntimeSource {
  return { initial: runtime, current: () => runtime, subscribe: () => () => undefined };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export const AuthRuntimeContext = createContext<AuthRuntimeSource | null>(null);

export function useAuthRuntime(): AuthRuntime {
  const source = useContext(AuthRuntimeContext);
  if (source === null) throw new Error('useAuthRuntime must be used within the App');
  return useSyncExternalStore(source.subscribe, source.current, () => source.initial);
}

/**
 * Starts reading GET /api/config and loading the auth client (which then
 * restores the session, or exchanges a ?code= from an e-mail link) without
 * waiting for either: the app renders the starting runtime at once, logged
 * out, and the ready one when they are in. The client's code is a chunk of
 * its own, fetched while the page renders.
 */
export function startAuthRuntime(store: AppStore, origin: string): AuthRuntimeSource {
  const sessionLifetime = new SessionLifetimeRequest();
  const loaded = import('./load-auth-client')
    .then(({ loadAuthClient }) => loadAuthClient(store, origin, sessionLifetime))
    // The chunk itself did not load (a deploy replaced it, the network went): as a failed start.
    .catch((error: unknown): LoadedAuthClient => ({ client: null, config: null, authUrl: null, error: asError(error) }));
  const auth = deferredAuthClient(
    loaded.then((result) => {
      if (result.client === null) throw result.error;
      return result.client;
    }),
  );
  const initial: AuthRuntime = { auth, config: null, authUrl: null, error: null, sessionLifetime, starting: true };
  let runtime = initial;
  const listeners = new Set<() => void>();
  void loaded.then(({ client, config, authUrl, error }) => {
    // The same `auth` as while starting: what subscribed to it early stays subscribed.
    runtime = { auth: client === null ? null : auth, config, authUrl, error, sessionLifetime, starting: false };
    for (const listener of listeners) listener();
  });
  return {
    initial,
    current: () => runtime,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
