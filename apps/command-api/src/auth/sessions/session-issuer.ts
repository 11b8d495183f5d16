import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SignInMethod, UserCommand, UserState } from '@jokes/domain';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { AuthErrors } from '../gotrue/gotrue-error.js';
import { tokenUserMetadata } from '../gotrue/user-metadata.js';
import { goTrueUser, type GoTrueSession } from '../gotrue/user-view.js';
import { AuthUsers, type AuthUserRow } from '../persistence/auth-users.repository.js';
import { Sessions, type SessionRow } from '../persistence/sessions.repository.js';
import { AccessTokens, accessTokenClaims, type AmrEntry, type AmrMethod } from '../tokens/access-token.js';
import type { Acting } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';

export interface OpenSession {
  userId: string;
  method: SignInMethod;
  amr: AmrMethod;
  /** False: the session ends after `lifetimeSeconds` (remember-me off). */
  rememberMe: boolean;
  lifetimeSeconds?: number;
  /** Steps recorded together with the sign-in, e.g. the confirmation a link proved. */
  before?: readonly UserCommand[];
}

type Registered = Extract<UserState, { status: 'registered' }>;

/** Opens sessions (recording SignedIn) and turns a session into GoTrue's token answer. */
@Injectable()
export class SessionIssuer {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(Sessions) private readonly sessions: Sessions,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
  ) {}

  /**
   * The session row comes first and the SignedIn event second: if the event
   * cannot be written (or the decider refuses, e.g. an unconfirmed address),
   * the row is removed before anyone has its tokens, so every session a client
   * holds has its SignedIn.
   */
  async open(request: OpenSession, acting: Acting): Promise<GoTrueSession> {
    const now = new Date();
    const lifetime = request.rememberMe ? this.settings.sessionSeconds : (request.lifetimeSeconds ?? this.settings.shortSessionSeconds);
    const session = {
      id: randomUUID(),
      userId: request.userId,
      amr: [{ method: request.amr, timestamp: Math.floor(now.getTime() / 1000) }] as AmrEntry[],
      rememberMe: request.rememberMe,
      notAfter: new Date(now.getTime() + lifetime * 1000),
    };
    const refreshToken = await this.sessions.open(session);
    let state: UserState;
    try {
      const signIn: UserCommand = {
        type: 'SignIn',
        data: { userId: request.userId, sessionId: session.id, method: request.method, rememberMe: request.rememberMe },
      };
      ({ newState: state } = await this.userCommands.execute(request.userId, [...(request.before ?? []), signIn], acting));
    } catch (error) {
      await this.sessions.discard(session.id);
      throw error;
    }
    const opened: SessionRow = {
      id: session.id,
      user_id: session.userId,
      aal: 'aal1',
      amr: session.amr,
      remember_me: session.rememberMe,
      not_after: session.notAfter,
      ended_at: null,
    };
    return this.answer(opened, refreshToken, await this.requireUser(request.userId), state as Registered, now);
  }

  /** The token answer for a session that already exists (after a refresh). */
  async resume(session: SessionRow, refreshToken: string): Promise<GoTrueSession> {
    const state = await this.userCommands.state(session.user_id);
    if (state.status !== 'registered') throw AuthErrors.userNotFound();
    return this.answer(session, refreshToken, await this.requireUser(session.user_id), state, new Date());
  }

  private async requireUser(userId: string): Promise<AuthUserRow> {
    const row = await this.users.findById(userId);
    if (!row) throw AuthErrors.userNotFound();
    return row;
  }

  private async answer(session: SessionRow, refreshToken: string, row: AuthUserRow, state: Registered, now: Date): Promise<GoTrueSession> {
    const claims = accessTokenClaims(
      {
        user: { id: row.id, email: row.email, roles: state.roles, userMetadata: tokenUserMetadata(row.id, row.email, state.emailConfirmedAt !== null) },
        session: { id: session.id, aal: session.aal, amr: session.amr, notAfter: session.not_after },
      },
      { issuer: this.settings.issuer, now: Math.floor(now.getTime() / 1000), lifetimeSeconds: this.settings.accessTokenSeconds },
    );
    return {
      access_token: await this.tokens.sign(claims),
      token_type: 'bearer',
      expires_in: claims.exp - claims.iat,
      expires_at: claims.exp,
      refresh_token: refreshToken,
      user: goTrueUser(row, state),
    };
  }
}
