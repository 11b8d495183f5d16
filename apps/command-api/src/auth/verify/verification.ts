import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type UserCommand } from '@jokes/domain';
import { z } from 'zod';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { parseAuthBody } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { AuthErrors, GoTrueError } from '../gotrue/gotrue-error.js';
import { REDIRECT_POLICY, withFragment, withQuery, type RedirectPolicy } from '../gotrue/redirect-policy.js';
import type { GoTrueSession } from '../gotrue/user-view.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { OneTimeTokens, type OneTimeTokenRow } from '../persistence/one-time-tokens.repository.js';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { PasswordAttemptLimits } from '../tokens/password-attempt-limits.js';
import { newSecret } from '../tokens/secrets.js';
import { actingAs } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';

type LinkType = 'signup' | 'recovery';

const verifyBody = z.object({ token_hash: z.string().nullish(), token: z.string().nullish(), type: z.string() });

/** GoTrue's words for every link that cannot be used: unknown, used, expired or of another account. */
const LINK_ERROR = { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' };

/**
 * `/verify`: a mailed link proves the address. Opening it confirms the
 * address (a reset link proves it as well as a confirmation does) and then
 * either opens a session (implicit flow: tokens in the redirect's fragment)
 * or hands a five-minute code to the browser that started the flow (PKCE).
 */
@Injectable()
export class Verification {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(REDIRECT_POLICY) private readonly redirects: RedirectPolicy,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @Inject(PasswordAttemptLimits) private readonly limits: PasswordAttemptLimits,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  /** GET: where to send the browser (303), with tokens, a code, or the error. */
  async followLink(query: Record<string, unknown>, request: AuthRequestContext): Promise<string> {
    const type = linkType(query.type);
    const requested = typeof query.redirect_to === 'string' ? query.redirect_to : undefined;
    const target = this.redirects.resolve(requested, type === 'recovery' ? '/reset-password-confirm' : '/auth/confirm');
    try {
      if (!type || typeof query.token !== 'string') throw AuthErrors.otpExpired();
      const link = await this.redeem(query.token, type);
      if (link.code_challenge && link.code_challenge_method) {
        await this.userCommands.execute(link.user_id, [confirm(link.user_id)], actingAs(request, link.user_id));
        await this.users.markConfirmed(link.user_id, new Date());
        const code = await this.tokens.issue({
          kind: 'auth_code',
          userId: link.user_id,
          expiresAt: new Date(Date.now() + this.settings.authCodeSeconds * 1000),
          pkce: { codeChallenge: link.code_challenge, codeChallengeMethod: link.code_challenge_method },
          authMethod: type === 'recovery' ? 'recovery' : 'otp',
        });
        return withQuery(target, { code });
      }
      const session = await this.openSession(link, type, request);
      return withFragment(target, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      });
    } catch (error) {
      if (error instanceof GoTrueError || error instanceof DomainError) return withFragment(target, LINK_ERROR);
      throw error;
    }
  }

  /** POST (supabase-js `verifyOtp({ token_hash, type })`): the session as JSON. */
  async verifyOtp(body: unknown, request: AuthRequestContext): Promise<GoTrueSession> {
    const input = parseAuthBody(verifyBody, body);
    const type = linkType(input.type);
    const token = input.token_hash ?? input.token;
    if (!type || !token) throw AuthErrors.otpExpired();
    const link = await this.redeem(token, type);
    try {
      return await this.openSession(link, type, request);
    } catch (error) {
      if (error instanceof DomainError) throw AuthErrors.otpExpired();
      throw error;
    }
  }

  private async redeem(token: string, type: LinkType): Promise<OneTimeTokenRow> {
    const link = await this.tokens.consume(token, [type === 'recovery' ? 'recovery' : 'confirmation'], new Date());
    if (!link) throw AuthErrors.otpExpired();
    if (link.password_hash !== null) await this.takePassword(link.user_id, link.password_hash);
    else if (link.kind === 'recovery') await this.dropUnprovenPassword(link.user_id);
    return link;
  }

  /**
   * A reset link confirms an unconfirmed address too, but proves no sign-up's
   * password: whoever signed the address up may not be its owner. That
   * password stops working (the owner sets one on the reset page), and so do
   * the sign-ups' links.
   */
  private async dropUnprovenPassword(userId: string): Promise<void> {
    const state = await this.userCommands.state(userId);
    if (state.status !== 'registered' || state.emailConfirmedAt !== null) return;
    await this.users.setPasswordHash(userId, await this.hasher.hash(newSecret()));
    await this.tokens.discardUnused(userId, 'confirmation');
  }

  /**
   * A confirmation link gives the account the password of the sign-up that
   * sent it, and the address's other links stop working: an earlier sign-up's
   * password (someone who signed up a stranger's address) never opens it.
   * An address confirmed already keeps its password: such a link is void.
   */
  private async takePassword(userId: string, passwordHash: string): Promise<void> {
    const state = await this.userCommands.state(userId);
    if (state.status !== 'registered' || state.emailConfirmedAt !== null) throw AuthErrors.otpExpired();
    await this.users.setPasswordHash(userId, passwordHash);
    await this.tokens.discardUnused(userId, 'confirmation');
  }

  private async openSession(link: OneTimeTokenRow, type: LinkType, request: AuthRequestContext): Promise<GoTrueSession> {
    const row = await this.users.findById(link.user_id);
    if (!row) throw AuthErrors.otpExpired();
    const rememberMe = row.user_metadata.remember_me !== false;
    const session = await this.issuer.open(
      {
        userId: link.user_id,
        method: type === 'recovery' ? 'recovery' : 'email-confirmation',
        amr: type === 'recovery' ? 'recovery' : 'otp',
        rememberMe,
        lifetimeSeconds: rememberMe ? undefined : this.settings.shortSessionSeconds,
        before: [confirm(link.user_id)],
      },
      actingAs(request, link.user_id),
    );
    await this.users.markConfirmed(link.user_id, new Date());
    // The owner's way in when guessing has closed password sign-in to unfamiliar clients.
    await this.limits.signedIn(link.user_id, request.ip);
    return session;
  }
}

/** `email` is what GoTrue calls a confirmation in verifyOtp; `signup` in links. */
function linkType(value: unknown): LinkType | undefined {
  if (value === 'signup' || value === 'email') return 'signup';
  if (value === 'recovery') return 'recovery';
  return undefined;
}

const confirm = (userId: string): UserCommand => ({ type: 'ConfirmEmail', data: { userId } });
