import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { BackgroundWork } from '../background-work.js';
import { parseAuthBody, pkceFields, pkceOf, requireEmail } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { AuthErrors } from '../gotrue/gotrue-error.js';
import { REDIRECT_POLICY, type RedirectPolicy } from '../gotrue/redirect-policy.js';
import { AccountMailer } from '../mails/account-mailer.js';
import { MailRequestLimits } from '../mails/mail-request-limits.js';
import type { Pkce } from '../persistence/one-time-tokens.repository.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { UserCommands } from '../user-commands.js';

const resendBody = z.object({ email: z.unknown().optional(), type: z.unknown().optional(), ...pkceFields });

/**
 * `POST /resend` (supabase-js `auth.resend({ type: 'signup', email })`): the
 * confirmation mail again, with a new link that replaces the old one (and a
 * mail of the old one still waiting in the outbox). Like `/recover`, always
 * `{}` with 200 and the work after the answer, so it tells nobody whether the
 * address has an account; the mail limit per address is the sign-up's.
 */
@Injectable()
export class ResendRequest {
  constructor(
    @Inject(REDIRECT_POLICY) private readonly redirects: RedirectPolicy,
    @Inject(MailRequestLimits) private readonly limits: MailRequestLimits,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(AccountMailer) private readonly mailer: AccountMailer,
    @Inject(BackgroundWork) private readonly background: BackgroundWork,
  ) {}

  async request(body: unknown, redirectTo: string | undefined, request: AuthRequestContext): Promise<Record<string, never>> {
    const input = parseAuthBody(resendBody, body);
    // GoTrue also resends email_change and phone mails; this product has neither.
    if (input.type !== 'signup') throw AuthErrors.validation("type must be 'signup' (a reset mail is asked for again with /recover)");
    const email = requireEmail(input.email);
    const pkce = pkceOf(input);
    await this.limits.count('resend', email, request.ip, new Date());
    const target = this.redirects.resolve(redirectTo, '/auth/confirm');
    this.background.run('confirmation resend', () => this.resend(email, target, pkce));
    return {};
  }

  /** Only an account still waiting for its confirmation gets one. */
  private async resend(email: string, target: string, pkce: Pkce | undefined): Promise<void> {
    const row = await this.users.findByEmail(email);
    if (!row) return;
    const state = await this.userCommands.state(row.id);
    if (state.status !== 'registered' || state.emailConfirmedAt !== null) return;
    // The link it replaces answered the newest sign-up, whose password the account holds until confirmed.
    await this.mailer.sendConfirmation(row, target, pkce, row.password_hash);
  }
}
