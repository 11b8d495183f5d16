import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { parseAuthBody, pkceFields, pkceOf, requireEmail } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { AuthErrors } from '../gotrue/gotrue-error.js';
import { AccountMailer } from '../mails/account-mailer.js';
import { SilentMailRequests } from '../mails/silent-mail-requests.js';

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
    @Inject(SilentMailRequests) private readonly mailRequests: SilentMailRequests,
    @Inject(AccountMailer) private readonly mailer: AccountMailer,
  ) {}

  async request(body: unknown, redirectTo: string | undefined, request: AuthRequestContext): Promise<Record<string, never>> {
    const input = parseAuthBody(resendBody, body);
    // GoTrue also resends email_change and phone mails; this product has neither.
    if (input.type !== 'signup') throw AuthErrors.validation("type must be 'signup' (a reset mail is asked for again with /recover)");
    const email = requireEmail(input.email);
    const pkce = pkceOf(input);
    return this.mailRequests.accept(
      {
        kind: 'resend',
        email,
        redirectTo,
        fallbackPath: '/auth/confirm',
        work: 'confirmation resend',
        // Only an account still waiting for its confirmation gets one.
        send: async (row, state, target) => {
          if (state.emailConfirmedAt !== null) return;
          // The link it replaces answered the newest sign-up, whose password the account holds until confirmed.
          await this.mailer.sendConfirmation(row, target, pkce, row.password_hash);
        },
      },
      request,
    );
  }
}
