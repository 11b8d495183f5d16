import { Inject, Injectable } from '@nestjs/common';
import { AccountDeletionAlreadyRequestedError, AccountDeletionNotRequestedError, subscriptionDecider, subscriptionStreamId } from '@jokes/domain';
import { aggregateStream, EVENT_STORE, formatCursor, type EventStore } from '@jokes/event-store';
import { log } from '@jokes/server';
import { PasswordHasher } from '../auth/passwords/password-hasher.js';
import { AuthUsers } from '../auth/persistence/auth-users.repository.js';
import { Sessions } from '../auth/persistence/sessions.repository.js';
import type { AuthRequestContext } from '../auth/gotrue/auth-request.js';
import { GoTrueError } from '../auth/gotrue/gotrue-error.js';
import { PasswordAttemptLimits } from '../auth/tokens/password-attempt-limits.js';
import { UserCommands } from '../auth/user-commands.js';
import { BillingGateway } from '../billing/gateway/billing-gateway.js';
import { actingAs } from '../http/command-origin.js';
import { AccountDeletions } from './account-deletions.repository.js';
import { PRIVACY_SETTINGS, type PrivacySettings } from './privacy.settings.js';

const DAY_MS = 86_400_000;

/** The password did not match (403 on /api/account/delete). */
export class IncorrectPasswordError extends Error {
  override readonly name = 'IncorrectPasswordError';
}

/** Unknown address, wrong password, or an account already erased: all answer alike on cancel-deletion. */
export class UnknownAccountError extends Error {
  override readonly name = 'UnknownAccountError';
}

/** The sign-in's limits on wrong passwords apply to these password checks too (429). */
export class TooManyAttemptsError extends Error {
  override readonly name = 'TooManyAttemptsError';
}

/**
 * Deleting an account (issue 11): the password proves it; every session ends
 * at once; an active subscription is canceled at the provider before anything
 * is recorded (no further charge even if recording then fails); erasure is
 * scheduled ERASURE_AFTER_DAYS ahead. Canceling, with the password, restores
 * the account until then.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @Inject(PRIVACY_SETTINGS) private readonly settings: PrivacySettings,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(Sessions) private readonly sessions: Sessions,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(BillingGateway) private readonly billing: BillingGateway,
    @Inject(AccountDeletions) private readonly deletions: AccountDeletions,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PasswordAttemptLimits) private readonly limits: PasswordAttemptLimits,
  ) {}

  async request(userId: string, password: string, origin: AuthRequestContext): Promise<{ scheduled_erasure_at: string; position: string }> {
    const row = await this.users.findById(userId);
    if (!row) throw new IncorrectPasswordError();
    const attempt = await this.attempt(row.email, origin.ip);
    if (!(await this.hasher.verify(row.password_hash, password))) throw new IncorrectPasswordError();
    await attempt.succeeded(userId);
    const state = await this.userCommands.state(userId);
    // Checked before anything changes: a second request must not sign out or cancel anything again.
    if (state.status === 'registered' && state.deletion) throw new AccountDeletionAlreadyRequestedError(state.deletion.erasureDueAt);
    const now = new Date();
    const erasureDueAt = new Date(now.getTime() + this.settings.erasureAfterDays * DAY_MS);
    await this.cancelSubscription(userId);
    await this.deletions.schedule(userId, erasureDueAt, now);
    const ended = await this.sessions.end(userId, {}, 'account-deletion', now);
    const result = await this.userCommands.execute(userId, [{ type: 'RequestAccountDeletion', data: { userId, revokeSessionIds: ended } }], actingAs(origin, userId), {
      erasureDueAt,
    });
    return { scheduled_erasure_at: erasureDueAt.toISOString(), position: formatCursor(result.position!) };
  }

  async cancel(email: string, password: string, origin: AuthRequestContext): Promise<void> {
    const attempt = await this.attempt(email, origin.ip);
    const row = await this.users.findByEmail(email);
    // An unknown address costs the same hash check as a wrong password, and answers alike.
    if (!(await this.hasher.verify(row?.password_hash, password)) || !row) throw new UnknownAccountError();
    await attempt.succeeded(row.id);
    const state = await this.userCommands.state(row.id);
    if (state.status !== 'registered') throw new UnknownAccountError();
    if (!state.deletion) throw new AccountDeletionNotRequestedError(row.id);
    await this.userCommands.execute(row.id, [{ type: 'CancelAccountDeletion', data: { userId: row.id } }], actingAs(origin, row.id));
    await this.deletions.unschedule(row.id);
  }

  private async attempt(email: string, ip: string): Promise<{ succeeded(userId: string): Promise<void> }> {
    try {
      return await this.limits.begin(email, ip);
    } catch (error) {
      if (error instanceof GoTrueError && error.status === 429) throw new TooManyAttemptsError(error.message);
      throw error;
    }
  }

  /** Anything the provider could still charge ends now (an incomplete checkout too); the webhooks record it as usual. */
  private async cancelSubscription(userId: string): Promise<void> {
    const { state } = await aggregateStream(this.store, subscriptionStreamId(userId), subscriptionDecider);
    if (state.status === 'none' || state.status === 'canceled') return;
    await this.billing.cancelNow(state.subscriptionId);
    log('info', 'account deletion: subscription canceled at the provider', { userId, subscriptionId: state.subscriptionId });
  }
}
