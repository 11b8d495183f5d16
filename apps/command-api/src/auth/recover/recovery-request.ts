import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { parseAuthBody, pkceFields, pkceOf, requireEmail } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { AccountMailer } from '../mails/account-mailer.js';
import { SilentMailRequests } from '../mails/silent-mail-requests.js';
import { actingAs } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';

const recoverBody = z.object({ email: z.unknown().optional(), ...pkceFields });

/** `POST /recover` (supabase-js `resetPasswordForEmail`). */
@Injectable()
export class RecoveryRequest {
  constructor(
    @Inject(SilentMailRequests) private readonly mailRequests: SilentMailRequests,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(AccountMailer) private readonly mailer: AccountMailer,
  ) {}

  /** Always `{}` with 200, whether or not the address has an account (SilentMailRequests). */
  async request(body: unknown, redirectTo: string | undefined, request: AuthRequestContext): Promise<Record<string, never>> {
    const input = parseAuthBody(recoverBody, body);
    const email = requireEmail(input.email);
    const pkce = pkceOf(input);
    return this.mailRequests.accept(
      {
        kind: 'recover',
        email,
        redirectTo,
        fallbackPath: '/reset-password-confirm',
        work: 'password reset mail',
        send: async (row, _state, target) => {
          await this.userCommands.execute(row.id, [{ type: 'RequestPasswordReset', data: { userId: row.id } }], actingAs(request, 'anonymous'));
          await this.mailer.sendRecovery(row, target, pkce);
        },
      },
      request,
    );
  }
}
