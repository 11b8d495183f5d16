import { Body, Controller, ForbiddenException, HttpCode, HttpException, Inject, Post, UnauthorizedException } from '@nestjs/common';
import { logout, resetPassword, syncPasswordReset, type ResponseOf } from '@jokes/contracts';
import { normalizeEmail } from '@jokes/domain';
import { log, parseOrBadRequest, ReadsOwnToken, clientKey } from '@jokes/server';
import { AUTH_SETTINGS, type AuthSettings } from '../auth/auth-settings.js';
import { actingAs } from '../http/command-origin.js';
import { AuthRequest, type AuthRequestContext } from '../auth/gotrue/auth-request.js';
import { AuthUsers } from '../auth/persistence/auth-users.repository.js';
import { RateLimiter } from '../auth/persistence/rate-limiter.js';
import { CurrentSession } from '../auth/sessions/current-session.js';
import { PasswordChanges } from '../auth/user/password-changes.js';
import { UserAccount } from '../auth/user/user-account.js';
import { RecoveryCredentials, type RecoveryCredential } from './recovery-credentials.js';

/** SPEC section 8, reset page: the web shows this for 'invalid or expired'. */
const expired = () => new UnauthorizedException({ error: 'invalid or expired', message: 'Your reset link has expired. Please request a new one.' });
const DONE = { success: true, message: 'Your password has been successfully updated.' } as const;

/** The product's own account endpoints (libs/contracts accounts.contract.ts), in the SPEC's error shape. */
@ReadsOwnToken()
@Controller()
export class AccountController {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(CurrentSession) private readonly current: CurrentSession,
    @Inject(UserAccount) private readonly account: UserAccount,
    @Inject(RecoveryCredentials) private readonly credentials: RecoveryCredentials,
    @Inject(PasswordChanges) private readonly passwords: PasswordChanges,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  /** Ends the caller's session when a valid one is named; succeeds either way (the web clears its copy regardless). */
  @Post(logout.path)
  @HttpCode(200)
  async logout(@AuthRequest() request: AuthRequestContext): Promise<ResponseOf<typeof logout>> {
    if (request.bearer) {
      try {
        const { session } = await this.current.require(request.bearer);
        await this.account.endSessions(session.user_id, session.id, 'local', request);
      } catch (error) {
        log('info', 'logout without a live session', { reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return { success: true };
  }

  @Post(resetPassword.path)
  @HttpCode(200)
  async resetPassword(@Body() body: unknown, @AuthRequest() request: AuthRequestContext): Promise<ResponseOf<typeof resetPassword>> {
    const { token, password } = parseOrBadRequest(resetPassword.body!, body);
    await this.limit(request);
    const credential = await this.credentials.identify(token);
    if (!credential || !(await this.credentials.use(credential, token))) throw expired();
    await this.change(credential, password, request);
    return DONE;
  }

  /** Like reset-password, and idempotent: a retry after success (same password) succeeds again. */
  @Post(syncPasswordReset.path)
  @HttpCode(200)
  async syncPasswordReset(@Body() body: unknown, @AuthRequest() request: AuthRequestContext): Promise<ResponseOf<typeof syncPasswordReset>> {
    const { token, password, user_email } = parseOrBadRequest(syncPasswordReset.body!, body);
    await this.limit(request);
    const credential = await this.credentials.identify(token);
    const row = credential && (await this.users.findById(credential.userId));
    if (!credential || !row) throw expired();
    if (user_email !== undefined && normalizeEmail(user_email) !== normalizeEmail(row.email)) {
      throw new ForbiddenException({ error: 'Forbidden', message: 'This reset link belongs to a different e-mail address.' });
    }
    // The idempotent answer compares a password, so it is an oracle for whoever
    // holds a spent link: bound the guesses per account, not only per client.
    await this.limit(request, row.id);
    if (await this.passwords.isCurrent(row.password_hash, password)) return DONE;
    if (!(await this.credentials.use(credential, token))) throw expired();
    await this.change(credential, password, request);
    return DONE;
  }

  /** Every session ends, the recovery one too: the web signs out and asks for a fresh login. */
  private async change(credential: RecoveryCredential, password: string, request: AuthRequestContext): Promise<void> {
    await this.passwords.change(
      { userId: credential.userId, password, method: 'reset-endpoint', keepSessionId: null },
      actingAs(request, credential.userId),
    );
  }

  private async limit(request: AuthRequestContext, userId?: string): Promise<void> {
    const { rateLimits } = this.settings;
    const bucket = userId
      ? { bucket: `reset-user:${userId}`, limit: rateLimits.password.perAddressAndClient }
      : { bucket: `reset-ip:${clientKey(request.ip)}`, limit: rateLimits.requestsPerIp };
    const over = await this.limiter.hit([bucket], rateLimits.windowSeconds, new Date());
    if (over) throw new HttpException({ error: 'Too many requests', message: 'Too many attempts. Please wait a few minutes and try again.' }, 429);
  }
}
