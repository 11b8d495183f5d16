import { Inject, Injectable } from '@nestjs/common';
import { GoTrueError } from '../auth/gotrue/gotrue-error.js';
import { OneTimeTokens } from '../auth/persistence/one-time-tokens.repository.js';
import { Sessions } from '../auth/persistence/sessions.repository.js';
import { AccessTokens } from '../auth/tokens/access-token.js';

/**
 * What the reset page may send as `token` (SPEC section 4, password update
 * flows): the access token from a reset link's fragment (a session whose
 * `amr` says recovery), or the PKCE code from its query.
 */
export type RecoveryCredential =
  | { kind: 'session'; userId: string; sessionId: string }
  | { kind: 'code'; userId: string; used: boolean };

const RECOVERY_KINDS = ['auth_code', 'recovery'] as const;

@Injectable()
export class RecoveryCredentials {
  constructor(
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(Sessions) private readonly sessions: Sessions,
  ) {}

  /** Whose token it is, without using it up; undefined when it is no recovery token of ours. */
  async identify(token: string): Promise<RecoveryCredential | undefined> {
    if (token.split('.').length === 3) {
      try {
        const claims = await this.tokens.verify(token);
        if (!claims.amr?.some((entry) => entry.method === 'recovery')) return undefined;
        return { kind: 'session', userId: claims.sub, sessionId: claims.session_id };
      } catch (error) {
        if (error instanceof GoTrueError) return undefined;
        throw error;
      }
    }
    const row = await this.oneTimeTokens.peek(token, RECOVERY_KINDS, new Date());
    // A code from a sign-up confirmation proves the address, not a right to reset.
    if (!row || (row.kind === 'auth_code' && row.auth_method !== 'recovery')) return undefined;
    return { kind: 'code', userId: row.user_id, used: row.used_at !== null };
  }

  /** Spends it: the recovery session must still be live; a code works once. */
  async use(credential: RecoveryCredential, token: string): Promise<boolean> {
    const now = new Date();
    if (credential.kind === 'session') return (await this.sessions.findLive(credential.sessionId, now)) !== undefined;
    const row = await this.oneTimeTokens.consume(token, RECOVERY_KINDS, now);
    return row !== undefined && row.user_id === credential.userId;
  }
}
