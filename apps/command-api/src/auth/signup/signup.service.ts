import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { userDecider, usernameFor, type RegisterUser } from '@jokes/domain';
import { z } from 'zod';
import { BackgroundWork } from '../background-work.js';
import { parseAuthBody, pkceFields, pkceOf, requireEmail } from '../gotrue/auth-input.js';
import type { AuthRequestContext } from '../gotrue/auth-request.js';
import { REDIRECT_POLICY, type RedirectPolicy } from '../gotrue/redirect-policy.js';
import { assertMetadataFits } from '../gotrue/user-metadata.js';
import { goTrueUser, lookAlikeUser, type GoTrueUser } from '../gotrue/user-view.js';
import { AccountMailer } from '../mails/account-mailer.js';
import { MailRequestLimits } from '../mails/mail-request-limits.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { assertStrongPassword } from '../passwords/password-policy.js';
import { AuthUsers } from '../persistence/auth-users.repository.js';
import { actingAs } from '../../http/command-origin.js';
import { UserCommands } from '../user-commands.js';
import { EmailReservations } from './email-reservations.js';

const signupBody = z.object({
  email: z.unknown().optional(),
  password: z.unknown().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  ...pkceFields,
});

/** GoTrue sends a confirmation again at most once a minute per account. */
const RESEND_AFTER_MS = 60_000;

@Injectable()
export class SignupService {
  constructor(
    @Inject(REDIRECT_POLICY) private readonly redirects: RedirectPolicy,
    @Inject(MailRequestLimits) private readonly limits: MailRequestLimits,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(EmailReservations) private readonly reservations: EmailReservations,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(AccountMailer) private readonly mailer: AccountMailer,
    @Inject(BackgroundWork) private readonly background: BackgroundWork,
  ) {}

  /**
   * Registers an account that must confirm its address. Whether the address
   * was free or not, the answer has the same shape and costs the same (one
   * argon2 hash), so sign-up cannot be used to find out who has an account.
   */
  async signUp(body: unknown, redirectTo: string | undefined, request: AuthRequestContext): Promise<GoTrueUser> {
    const input = parseAuthBody(signupBody, body);
    const email = requireEmail(input.email);
    assertStrongPassword(input.password);
    const data = input.data ?? {};
    assertMetadataFits(data);
    const pkce = pkceOf(input);
    const now = new Date();
    const register = (userId: string): RegisterUser => ({
      type: 'RegisterUser',
      data: { userId, email, ageConfirmed: data.age_confirmed === true, rememberMe: data.remember_me !== false },
    });
    // The rules of registration (18+) refuse before anything is counted or written.
    userDecider.decide(register(randomUUID()), userDecider.initialState(), { now });
    await this.limits.count('signup', email, request.ip, now);

    const passwordHash = await this.hasher.hash(input.password);
    const target = this.redirects.resolve(redirectTo, '/auth/confirm');
    const metadata = (userId: string) => ({
      username: usernameFor(email, userId),
      email,
      email_confirm_requested: data.email_confirm_requested ?? true,
      remember_me: data.remember_me !== false,
      age_confirmed: true,
    });

    return this.reservations.withClaim(email, randomUUID(), request, async (claim) => {
      if (claim.kind === 'busy') return lookAlikeUser(email, metadata(randomUUID()), now);
      if (claim.kind === 'taken') {
        this.background.run('confirmation resend', () => this.resendIfUnconfirmed(claim.userId, target, pkce, passwordHash));
        return lookAlikeUser(email, metadata(randomUUID()), now);
      }
      // Credentials first, then UserRegistered: a crash in between leaves a
      // reservation with an empty user stream, which the next sign-up completes.
      const row = await this.users.saveCredentials({ id: claim.userId, email, passwordHash, userMetadata: metadata(claim.userId), confirmationSentAt: now });
      const { newState: state } = await this.userCommands.execute(claim.userId, [register(claim.userId)], actingAs(request, claim.userId));
      if (state.status !== 'registered') throw new Error('RegisterUser did not register');
      // Queued before the answer says "check your email" (a row in the mail
      // outbox, not a send: a mail server that is down delays it, never loses it).
      await this.mailer.sendConfirmation(row, target, pkce, passwordHash);
      return goTrueUser(row, state);
    });
  }

  /**
   * A second sign-up of an unconfirmed address mails a new link (the first may
   * have been lost, or was never asked for by the address's owner), carrying
   * this sign-up's password: GoTrue replaces an unconfirmed user's password.
   * Whoever proves the mailbox gets the account with the password of the
   * sign-up whose link they opened, so someone who signed up a stranger's
   * address first holds nothing once the owner signs up and confirms.
   */
  private async resendIfUnconfirmed(userId: string, target: string, pkce: ReturnType<typeof pkceOf>, passwordHash: string): Promise<void> {
    const row = await this.users.findById(userId);
    const state = await this.userCommands.state(userId);
    if (!row || state.status !== 'registered' || state.emailConfirmedAt !== null) return;
    if (row.confirmation_sent_at && Date.now() - row.confirmation_sent_at.getTime() < RESEND_AFTER_MS) return;
    await this.mailer.sendConfirmation(row, target, pkce, passwordHash);
  }
}
