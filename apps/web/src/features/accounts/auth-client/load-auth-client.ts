import type { PublicConfig } from '@jokes/contracts';
import type { AppStore } from '../../../shared/store/store';
import { accountsApi } from '../api/accounts.api';
import type { AuthClient } from './auth-runtime';
import { authBackendUrl, createAuthClient } from './create-auth-client';
import type { SessionLifetimeRequest } from './session-lifetime';

export type LoadedAuthClient =
  | { client: AuthClient; config: PublicConfig; authUrl: string; error: null }
  | { client: null; config: PublicConfig | null; authUrl: null; error: Error };

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Reads GET /api/config once, then creates the auth client; never rejects (the reason is in `error`). */
export async function loadAuthClient(store: AppStore, origin: string, lifetime: SessionLifetimeRequest): Promise<LoadedAuthClient> {
  const request = store.dispatch(accountsApi.endpoints.getPublicConfig.initiate());
  const result = await request;
  request.unsubscribe();
  if (result.error || !result.data) {
    const message = result.error && 'message' in result.error ? String(result.error.message) : 'No configuration';
    return { client: null, config: null, authUrl: null, error: new Error(message) };
  }
  const config = result.data;
  try {
    return { client: createAuthClient(config, origin, lifetime), config, authUrl: authBackendUrl(config, origin), error: null };
  } catch (error) {
    return { client: null, config, authUrl: null, error: asError(error) };
  }
}
