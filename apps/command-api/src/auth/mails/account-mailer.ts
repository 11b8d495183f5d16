import { Inject, Injectable } from '@nestjs/common';
import { withTransaction } from '@jokes/event-store';
import pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';
import { MailDispatcher } from '../../mail/mail-dispatcher.js';
import { MailOutbox } from '../../mail/mail-outbox.js';
import type { MailMessage } from '../../mail/mailer.port.js';
import { AUTH_SETTINGS, type AuthSettings } from '../auth-settings.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { OneTimeTokens, type Pkce } from '../persistence/one-time-tokens.repository.js';
import { sha256 } from '../tokens/secrets.js';
import { confirmationMail, passwordResetMail } from './account-mails.js';

export interface Recipient {
  id: string;
  email: string;
}

/**
 * Issues a link token and queues the mail carrying it, in one transaction: a
 * link is never issued without its mail, nor a mail queued for a link that
 * was not. The MailDispatcher sends it, retrying while the transport is down.
 * The link goes to the auth service's `/verify` on the product's public
 * origin, which checks it and then sends the browser on to `redirectTo` with
 * a session or a PKCE code.
 */
@Injectable()
export class AccountMailer {
  constructor(
    @Inject(AUTH_SETTINGS) private readonly settings: AuthSettings,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(MailOutbox) private readonly outbox: MailOutbox,
    @Inject(MailDispatcher) private readonly dispatcher: MailDispatcher,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(AuthUsers) private readonly users: AuthUsers,
  ) {}

  /**
   * The link carries `passwordHash`, the password of the sign-up it answers,
   * which confirming sets. Until then the newest sign-up's password is also
   * the account's (the one an unconfirmed sign-in is told "Email not
   * confirmed" for). The link replaces only a waiting link of the same
   * sign-up (a resend), never another sign-up's.
   */
  async sendConfirmation(to: Recipient, redirectTo: string, pkce: Pkce | undefined, passwordHash: string): Promise<void> {
    await this.queue('confirmation', to, pkce, this.settings.confirmationSeconds, (token) => confirmationMail(to.email, this.link(token, 'signup', redirectTo)), passwordHash);
  }

  async sendRecovery(to: Recipient, redirectTo: string, pkce: Pkce | undefined): Promise<void> {
    await this.queue('recovery', to, pkce, this.settings.recoverySeconds, (token) =>
      passwordResetMail(to.email, this.link(token, 'recovery', redirectTo)),
    );
  }

  private async queue(
    kind: 'confirmation' | 'recovery',
    to: Recipient,
    pkce: Pkce | undefined,
    lifetimeSeconds: number,
    compose: (token: string) => MailMessage,
    passwordHash?: string,
  ): Promise<void> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + lifetimeSeconds * 1000);
    await withTransaction(this.pool, async (client) => {
      if (passwordHash !== undefined) await this.users.setPasswordHash(to.id, passwordHash, client);
      const token = await this.tokens.issue({ kind, userId: to.id, expiresAt, pkce, passwordHash }, client);
      await this.users.markMailSent(to.id, kind, now, client);
      // The new token replaced the user's earlier one of this kind (of this sign-up), so an earlier mail of it still waiting is dropped.
      const replaces = passwordHash === undefined ? `${kind}:${to.id}` : `${kind}:${to.id}:${sha256(passwordHash).toString('hex').slice(0, 16)}`;
      await this.outbox.enqueue({ ...compose(token), kind, supersedes: replaces, expiresAt }, client);
    });
    this.dispatcher.kick();
  }

  private link(token: string, type: 'signup' | 'recovery', redirectTo: string): string {
    const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
    return `${this.settings.publicUrl}/auth/v1/verify?${query.toString()}`;
  }
}
