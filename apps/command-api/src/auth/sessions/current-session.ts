import { Inject, Injectable } from '@nestjs/common';
import type { UserState } from '@jokes/domain';
import { AuthErrors } from '../gotrue/gotrue-error.js';
import { AuthUsers, type AuthUserRow } from '../persistence/auth-users.repository.js';
import { Sessions, type SessionRow } from '../persistence/sessions.repository.js';
import { AccessTokens, type AccessTokenClaims } from '../tokens/access-token.js';
import { UserCommands } from '../user-commands.js';

export interface CurrentSessionInfo {
  claims: AccessTokenClaims;
  session: SessionRow;
  row: AuthUserRow;
  state: Extract<UserState, { status: 'registered' }>;
}

/**
 * The caller of `/user` and `/logout`: a token of ours whose session is still
 * live. The other APIs learn of an ended session from the revocation list
 * within 5 s; here, where accounts change, the session row counts at once.
 */
@Injectable()
export class CurrentSession {
  constructor(
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @Inject(Sessions) private readonly sessions: Sessions,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
  ) {}

  async require(bearer: string | undefined): Promise<CurrentSessionInfo> {
    if (!bearer) throw AuthErrors.noAuthorization();
    const claims = await this.tokens.verify(bearer);
    const session = await this.sessions.findLive(claims.session_id, new Date());
    if (!session || session.user_id !== claims.sub) throw AuthErrors.sessionNotFound();
    const row = await this.users.findById(claims.sub);
    const state = await this.userCommands.state(claims.sub);
    if (!row || state.status !== 'registered') throw AuthErrors.userNotFound();
    return { claims, session, row, state };
  }
}
