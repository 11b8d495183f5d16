import { Inject, Injectable } from '@nestjs/common';
import { normalizeEmail } from '@jokes/domain';
import { z } from 'zod';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { BackgroundWork } from '../background-work.js';
import { parseAuthBody, pkceFields, pkceOf, requireEmail } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { AuthErrors } from '../gotrue/gotrue-error.js';
import { REDIRECT_POLICY, type RedirectPolicy } from '../gotrue/redirect-policy.js';
import { AccountMailer } from '../mails/account-mailer.js';
import type { Pkce } from '../persistence/one-time-tokens.repository.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { RateLimiter } from '../persistence/rate-limiter.js';
import { actingAs } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';
import { clientKey } from '../gotrue/client-key.js';

const recoverBody = z.object({ email: z.unknown().optional(), ...pkceFields });

/** `POST /recover` (supabase-js `resetPasswordForEmail`). */
@Injectable()
export class RecoveryRequest {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(REDIRECT_POLICY) private readonly redirects: RedirectPolicy,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(AccountMailer) private readonly mailer: AccountMailer,
    @Inject(BackgroundWork) private readonly background: BackgroundWork,
  ) {}

  /**
   * Always `{}` with 200, whether or not the address has an account: the
   * lookup, the event and the mail happen after the answer, so neither the
   * words nor the timing tell. The limits count the address, not the account.
   */
  async request(body: unknown, redirectTo: string | undefined, request: AuthRequestContext): Promise<Record<string, never>> {
    const input = parseAuthBody(recoverBody, body);
    const email = requireEmail(input.email);
    const pkce = pkceOf(input);
    const { rateLimits } = this.settings;
    const over = await this.limiter.hit(
      [
        { bucket: `mail:${normalizeEmail(email)}`, limit: rateLimits.mailsPerAddress },
        { bucket: `recover-ip:${clientKey(request.ip)}`, limit: rateLimits.requestsPerIp },
      ],
      rateLimits.windowSeconds,
      new Date(),
    );
    if (over) throw over.bucket.startsWith('mail:') ? AuthErrors.overEmailSendRateLimit() : AuthErrors.overRequestRateLimit();
    const target = this.redirects.resolve(redirectTo, '/reset-password-confirm');
    this.background.run('password reset mail', () => this.mailReset(email, target, pkce, request));
    return {};
  }

  private async mailReset(email: string, target: string, pkce: Pkce | undefined, request: AuthRequestContext): Promise<void> {
    const row = await this.users.findByEmail(email);
    if (!row) return;
    const state = await this.userCommands.state(row.id);
    if (state.status !== 'registered') return;
    await this.userCommands.execute(row.id, [{ type: 'RequestPasswordReset', data: { userId: row.id } }], actingAs(request, 'anonymous'));
    await this.mailer.sendRecovery(row, target, pkce);
  }
}
