import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { log } from '@jokes/server';
import { AuthUsers } from '../auth/persistence/auth-users.repository.js';
import { OneTimeTokens } from '../auth/persistence/one-time-tokens.repository.js';
import { UserCommands } from '../auth/user-commands.js';
import { AccountDeletions } from './account-deletions.repository.js';
import { ErasureService } from './erasure.service.js';
import { PRIVACY_SETTINGS, type PrivacySettings } from './privacy.settings.js';

const DAY_MS = 86_400_000;
const BATCH = 200;
const SYSTEM = { correlationId: randomUUID(), actor: 'system:privacy-job' };

export type UnconfirmedOutcome = 'removed' | 'confirmed';

/**
 * Sign-ups whose address was not confirmed within UNCONFIRMED_ACCOUNT_DAYS
 * are removed: nobody proved the address, so nobody may keep it (an account
 * signed up with a stranger's address would hold it for good). Removal is the
 * erasure of a deleted account, due at once (ErasureService: mails, rate-limit
 * windows and credentials go, the address is released and can register again,
 * the person's key is destroyed), recorded as a deletion requested by the job.
 *
 * The account's links are voided first, so none can confirm it while it goes;
 * an account found confirmed is marked so and never looked at again.
 */
@Injectable()
export class UnconfirmedAccounts {
  constructor(
    @Inject(PRIVACY_SETTINGS) private readonly settings: PrivacySettings,
    @Inject(AuthUsers) private readonly users: AuthUsers,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(AccountDeletions) private readonly deletions: AccountDeletions,
    @Inject(ErasureService) private readonly erasure: ErasureService,
  ) {}

  /** Every account due now; `failures` by user id (the next run tries them again). */
  async removeExpired(now: Date, failures: Record<string, string>): Promise<Record<string, UnconfirmedOutcome>> {
    const before = new Date(now.getTime() - this.settings.unconfirmedAccountDays * DAY_MS);
    const outcomes: Record<string, UnconfirmedOutcome> = {};
    // Each account once a run, whatever happens to it.
    const seen: string[] = [];
    for (let batch = await this.users.unconfirmedBefore(before, seen, BATCH); batch.length > 0; batch = await this.users.unconfirmedBefore(before, seen, BATCH)) {
      for (const userId of batch) {
        seen.push(userId);
        try {
          outcomes[userId] = await this.remove(userId, now);
        } catch (error) {
          failures[`unconfirmed:${userId}`] = error instanceof Error ? error.message : String(error);
          log('error', 'removing an unconfirmed account failed; the next run tries again', { userId, error: failures[`unconfirmed:${userId}`] });
        }
      }
    }
    return outcomes;
  }

  private async remove(userId: string, now: Date): Promise<UnconfirmedOutcome> {
    await this.tokens.discardUnused(userId, 'confirmation');
    await this.tokens.discardUnused(userId, 'recovery');
    const state = await this.userCommands.state(userId);
    if (state.status !== 'registered') {
      // Credentials of a sign-up that stopped before registering (the next sign-up of the address completes it).
      await this.users.remove(userId);
      return 'removed';
    }
    if (state.emailConfirmedAt !== null) {
      await this.users.markConfirmed(userId, new Date(state.emailConfirmedAt));
      return 'confirmed';
    }
    if (!state.deletion) {
      await this.deletions.schedule(userId, now, now);
      await this.userCommands.execute(userId, [{ type: 'RequestAccountDeletion', data: { userId, revokeSessionIds: [] } }], SYSTEM, { now, erasureDueAt: now });
    }
    await this.erasure.erase(userId, now);
    return 'removed';
  }
}
