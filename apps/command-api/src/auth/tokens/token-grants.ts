import { Inject, Injectable } from '@nestjs/common';
import { AccountPendingDeletionError, UserNotFoundError } from '@jokes/domain';
import { log } from '@jokes/server';
import { z } from 'zod';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { parseAuthBody } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { AuthErrors } from '../gotrue/gotrue-error.js';
import type { GoTrueSession } from '../gotrue/user-view.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { OneTimeTokens } from '../persistence/one-time-tokens.repository.js';
import { Sessions } from '../persistence/sessions.repository.js';
import { sessionChoice } from '../sessions/remember-me.js';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { pkceVerifierMatches } from './secrets.js';
import { actingAs } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';
import { PasswordAttemptLimits } from './password-attempt-limits.js';

const passwordBody = z.object({ email: z.string(), password: z.string(), remember_me: z.unknown().optional(), session_lifetime: z.unknown().optional() });
const refreshBody = z.object({ refresh_token: z.string().min(1) });
const pkceBody = z.object({ auth_code: z.string().min(1), code_verifier: z.string().min(1) });

/** `POST /token`: the password, refresh_token and pkce grants. */
@Injectable()
export class TokenGrants {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(PasswordAttemptLimits) private readonly limits: PasswordAttemptLimits,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(Sessions) private readonly sessions: Sessions,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
  ) {}

  /**
   * An unknown address and a wrong password answer the same words after the
   * same work (a dummy hash is verified for the unknown one). Only someone who
   * knows the password learns that the address is not confirmed yet.
   */
  async password(body: unknown, request: AuthRequestContext): Promise<GoTrueSession> {
    const input = parseAuthBody(passwordBody, body);
    const choice = sessionChoice({ lifetime: request.sessionLifetime, body: input }, true, this.settings.shortSessionSeconds);
    const attempt = await this.limits.begin(input.email, request.ip);

    const row = await this.users.findByEmail(input.email);
    const matches = await this.hasher.verify(row?.password_hash, input.password);
    if (!row || !matches) throw AuthErrors.invalidCredentials();
    try {
      const session = await this.issuer.open({ userId: row.id, method: 'password', amr: 'password', ...choice }, actingAs(request, row.id));
      await attempt.succeeded(row.id);
      return session;
    } catch (error) {
      // Credentials of a sign-up that never registered: as if they did not exist.
      if (error instanceof UserNotFoundError) throw AuthErrors.invalidCredentials();
      // The right password of an account scheduled for deletion: not a wrong guess, and the answer offers to cancel.
      if (error instanceof AccountPendingDeletionError) await attempt.succeeded(row.id);
      throw error;
    }
  }

  /** Rotation: each refresh token works once; a second use ends the session (it was copied). */
  async refresh(body: unknown, request: AuthRequestContext): Promise<GoTrueSession> {
    const { refresh_token } = parseAuthBody(refreshBody, body);
    const rotation = await this.sessions.rotate(refresh_token, new Date());
    switch (rotation.outcome) {
      case 'rotated':
        return this.issuer.resume(rotation.session, rotation.refreshToken);
      case 'not_found':
        throw AuthErrors.refreshTokenNotFound();
      case 'expired':
        throw AuthErrors.sessionExpired();
      case 'reused': {
        const { id: sessionId, user_id: userId } = rotation.session;
        await this.userCommands
          .execute(userId, [{ type: 'RevokeSession', data: { userId, sessionId, reason: 'refresh-token-reused' } }], actingAs(request, 'system:auth'))
          .catch((error: unknown) => log('error', 'recording SessionRevoked failed', { sessionId, error: String(error) }));
        throw AuthErrors.refreshTokenAlreadyUsed();
      }
      default: {
        const _exhaustive: never = rotation;
        throw new Error('Unknown rotation outcome');
      }
    }
  }

  /** The code a mailed link handed to the redirect, redeemed by the browser that holds its verifier. */
  async pkce(body: unknown, request: AuthRequestContext): Promise<GoTrueSession> {
    const input = parseAuthBody(pkceBody, body);
    const code = await this.tokens.consume(input.auth_code, ['auth_code'], new Date());
    if (!code || !code.code_challenge || !code.code_challenge_method) throw AuthErrors.flowStateNotFound();
    if (!pkceVerifierMatches(input.code_verifier, code.code_challenge, code.code_challenge_method)) throw AuthErrors.badCodeVerifier();
    const row = await this.users.findById(code.user_id);
    if (!row) throw AuthErrors.userNotFound();
    const choice = sessionChoice({ lifetime: request.sessionLifetime }, row.user_metadata.remember_me !== false, this.settings.shortSessionSeconds);
    const session = await this.issuer.open({ userId: row.id, method: 'pkce', amr: code.auth_method ?? 'otp', ...choice }, actingAs(request, row.id));
    await this.limits.signedIn(row.id, request.ip);
    return session;
  }
}
