import { Inject, Injectable } from '@nestjs/common';
import type { UserState } from '@jokes/domain';
import { BackgroundWork } from '../background-work.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { REDIRECT_POLICY, type RedirectPolicy } from '../gotrue/redirect-policy.js';
import { AuthUsers, type AuthUserRow } from '../persistence/auth-users.repository.js';
import { UserCommands } from '../user-commands.js';
import { MailRequestLimits, type MailRequest } from './mail-request-limits.js';

/** The only state these mails go to. */
type Registered = Extract<UserState, { status: 'registered' }>;

export interface SilentMailRequest {
  /** The limits it counts against. */
  kind: Exclude<MailRequest, 'signup'>;
  email: string;
  /** The link's page as the request asked for it, or `fallbackPath`. */
  redirectTo: string | undefined;
  fallbackPath: string;
  /** The background work's name in the logs. */
  work: string;
  /** The mail for a registered account (the link leads to `target`). */
  send: (row: AuthUserRow, state: Registered, target: string) => Promise<void>;
}

/**
 * What `/recover` and `/resend` share: always `{}` with 200, whether or not the
 * address has an account; the lookup and the mail happen after the answer, so
 * neither the words nor the timing tell. The limits count the address, not the account.
 */
@Injectable()
export class SilentMailRequests {
  constructor(
    @Inject(REDIRECT_POLICY) private readonly redirects: RedirectPolicy,
    @Inject(MailRequestLimits) private readonly limits: MailRequestLimits,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(BackgroundWork) private readonly background: BackgroundWork,
  ) {}

  async accept(mail: SilentMailRequest, request: AuthRequestContext): Promise<Record<string, never>> {
    await this.limits.count(mail.kind, mail.email, request.ip, new Date());
    const target = this.redirects.resolve(mail.redirectTo, mail.fallbackPath);
    this.background.run(mail.work, () => this.mailRegistered(mail, target));
    return {};
  }

  private async mailRegistered(mail: SilentMailRequest, target: string): Promise<void> {
    const row = await this.users.findByEmail(mail.email);
    if (!row) return;
    const state = await this.userCommands.state(row.id);
    if (state.status !== 'registered') return;
    await mail.send(row, state, target);
  }
}
