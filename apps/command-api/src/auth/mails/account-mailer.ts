import { Inject, Injectable } from '@nestjs/common';
import { Mailer } from '../../mail/mailer.port.js';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { OneTimeTokens, type Pkce } from '../persistence/one-time-tokens.repository.js';
import { confirmationMail, passwordResetMail } from './account-mails.js';

export interface Recipient {
  id: string;
  email: string;
}

/**
 * Issues a link token and mails it. The link goes to the auth service's
 * `/verify` on the product's public origin, which checks it and then sends
 * the browser on to `redirectTo` with a session or a PKCE code.
 */
@Injectable()
export class AccountMailer {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(AuthUsers) private readonly users: AuthUsers,
  ) {}

  async sendConfirmation(to: Recipient, redirectTo: string, pkce: Pkce | undefined): Promise<void> {
    const now = new Date();
    const token = await this.tokens.issue({
      kind: 'confirmation',
      userId: to.id,
      expiresAt: new Date(now.getTime() + this.settings.confirmationSeconds * 1000),
      pkce,
    });
    await this.users.markMailSent(to.id, 'confirmation', now);
    await this.mailer.send(confirmationMail(to.email, this.link(token, 'signup', redirectTo)));
  }

  async sendRecovery(to: Recipient, redirectTo: string, pkce: Pkce | undefined): Promise<void> {
    const now = new Date();
    const token = await this.tokens.issue({
      kind: 'recovery',
      userId: to.id,
      expiresAt: new Date(now.getTime() + this.settings.recoverySeconds * 1000),
      pkce,
    });
    await this.users.markMailSent(to.id, 'recovery', now);
    await this.mailer.send(passwordResetMail(to.email, this.link(token, 'recovery', redirectTo)));
  }

  private link(token: string, type: 'signup' | 'recovery', redirectTo: string): string {
    const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
    return `${this.settings.publicUrl}/auth/v1/verify?${query.toString()}`;
  }
}
