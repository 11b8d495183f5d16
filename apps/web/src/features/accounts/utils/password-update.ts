import type { PasswordUpdateOutcome, RecoveryToken } from '../../../shared/auth/use-auth';

/** What a password update can use; the auth provider binds them, tests fake them. */
export interface PasswordUpdatePorts {
  hasSession: () => Promise<boolean>;
  /** The auth client's own update (PUT /auth/v1/user); throws on failure. */
  updateWithSession: (password: string) => Promise<void>;
  /** The product endpoint POST /api/auth/reset-password; throws on failure. */
  updateWithToken: (token: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

export const NOT_LOGGED_IN = 'You must be logged in to update your password';
export const NO_ACCESS_TOKEN = 'No valid access token found in URL';

/**
 * SPEC 4's four flows:
 * (a) a recovery token from the hash and a session: the auth client, falling back to the product endpoint;
 * (b) the same without a session: the product endpoint, then sign out;
 * (c) a recovery code from the query: the product endpoint, then sign out;
 * (d) no recovery context: the auth client, for a logged-in user only.
 */
export async function updatePasswordFlow(
  ports: PasswordUpdatePorts,
  password: string,
  recovery?: RecoveryToken,
): Promise<PasswordUpdateOutcome> {
  if (recovery === undefined) {
    if (!(await ports.hasSession())) throw new Error(NOT_LOGGED_IN);
    await ports.updateWithSession(password);
    return 'updated';
  }
  if (recovery.token.trim() === '') throw new Error(NO_ACCESS_TOKEN);

  const hasSession = await ports.hasSession();
  if (recovery.source === 'hash' && hasSession) {
    try {
      await ports.updateWithSession(password);
    } catch {
      await ports.updateWithToken(recovery.token, password);
    }
    return 'updated';
  }

  try {
    await ports.updateWithToken(recovery.token, password);
  } catch (error) {
    // With PKCE and session detection, supabase-js exchanges a ?code= itself at
    // start-up when this browser asked for the link, so the code may be spent
    // while the recovery session it produced is the valid credential.
    if (recovery.source !== 'code' || !hasSession) throw error;
    await ports.updateWithSession(password).catch(() => {
      throw error;
    });
  }
  await ports.signOut();
  return 'updated-and-signed-out';
}
