import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { BackgroundWork } from '../background-work.js';
import { parseAuthBody, pkceFields, pkceOf, requireEmail } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { REDIRECT_POLICY, type RedirectPolicy } from '../gotrue/redirect-policy.js';
import { AccountMailer } from '../mails/account-mailer.js';
import { MailRequestLimits } from '../mails/mail-request-limits.js';
import type { Pkce } from '../persistence/one-time-tokens.repository.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { actingAs } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';

const recoverBody = z.object({ email: z.unknown().optional(), ...pkceFields });

/** `POST /recover` (supabase-js `resetPasswordForEmail`). */
@Injectable()
export class RecoveryRequest {
  constructor(
    @Inject(REDIRECT_POLICY) private readonly redirects: RedirectPolicy,
    @Inject(MailRequestLimits) private readonly limits: MailRequestLimits,
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
    await this.limits.count('recover', email, request.ip, new Date());
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
