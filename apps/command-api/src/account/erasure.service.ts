import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { normalizeEmail, reservationOwner, subscriptionDecider, subscriptionStreamId, type EmailReleased } from '@jokes/domain';
import { aggregateStream, EVENT_STORE, eventMetadata, PersonalDataKeys, type EventStore } from '@jokes/event-store';
import { log } from '@jokes/server';
import type pg from 'pg';
import { UserCommands } from '../auth/user-commands.js';
import { BillingGateway } from '../billing/gateway/billing-gateway.js';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { AccountDeletions } from './account-deletions.repository.js';
import { AddressHashes } from '../infrastructure/address-hashes.js';
import { removeMailFilesTo } from './mail-files.js';
import { PRIVACY_SETTINGS, type PrivacySettings } from './privacy.settings.js';

export type ErasureOutcome = 'erased' | 'already-erased' | 'not-scheduled' | 'not-due';

const SYSTEM = { correlationId: randomUUID(), actor: 'system:privacy-job' };

/**
 * Erases one person whose deletion is due. Every step can be done again, and
 * the key is destroyed last: until then a run killed half-way still has the
 * address (it is read from the person's own events) to finish the clean-up
 * with, and after it nothing is left that needs the address.
 *
 * 1. the provider forgets the customer's e-mail (the payment records stay there, without it);
 * 2. mail rows and `.eml` files to the address go; rate-limit windows naming it go;
 *    the credentials row goes (sessions, tokens, known clients with it);
 *    the person's idempotency keys (their recorded answers) go;
 * 3. the address's reservation is released (it can register again, as a new person);
 * 4. AccountErased: the read models forget the person (users row erased);
 * 5. the key is destroyed: every copy of their personal data in the stream is unreadable.
 *
 * Their payment-records key is kept: the provider's ids and the amounts stay
 * readable for accounting until PaymentRecordsErasure destroys it,
 * PAYMENT_RECORDS_YEARS after this erasure (erased_at in account_deletions).
 */
@Injectable()
export class ErasureService {
  constructor(
    @Inject(PRIVACY_SETTINGS) private readonly settings: PrivacySettings,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(UserCommands) private readonly userCommands: UserCommands,
    @Inject(PersonalDataKeys) private readonly keys: PersonalDataKeys,
    @Inject(AddressHashes) private readonly hashes: AddressHashes,
    @Inject(BillingGateway) private readonly billing: BillingGateway,
    @Inject(AccountDeletions) private readonly deletions: AccountDeletions,
  ) {}

  async erase(userId: string, now = new Date()): Promise<ErasureOutcome> {
    const state = await this.userCommands.state(userId);
    if (state.status === 'erased') {
      // A run that stopped after AccountErased: only the key and the bookkeeping are left.
      await this.keys.destroy(userId);
      await this.deletions.markErased(userId, now);
      return 'already-erased';
    }
    if (state.status !== 'registered' || !state.deletion) {
      await this.deletions.unschedule(userId);
      return 'not-scheduled';
    }
    if (Date.parse(state.deletion.erasureDueAt) > now.getTime()) return 'not-due';

    await this.forgetAtProvider(userId);
    if (state.email) await this.forgetAddress(userId, state.email, now);
    await this.pool.query('DELETE FROM auth_users WHERE id = $1', [userId]);
    await this.pool.query('DELETE FROM idempotency_keys WHERE scope = $1', [`user:${userId}`]);
    await this.userCommands.execute(userId, [{ type: 'EraseAccount', data: { userId } }], SYSTEM, { now });
    await this.keys.destroy(userId);
    await this.deletions.markErased(userId, now);
    log('info', 'account erased', { userId });
    return 'erased';
  }

  private async forgetAtProvider(userId: string): Promise<void> {
    const { state } = await aggregateStream(this.store, subscriptionStreamId(userId), subscriptionDecider);
    if (state.status === 'none') return;
    // Canceled when the deletion was requested; again here in case that was a checkout started since.
    if (state.status !== 'canceled') await this.billing.cancelNow(state.subscriptionId);
    await this.billing.forgetCustomer(state.customerId);
  }

  private async forgetAddress(userId: string, email: string, now: Date): Promise<void> {
    const address = normalizeEmail(email);
    await this.pool.query('DELETE FROM mail_outbox WHERE lower(recipient) = $1', [address]);
    await removeMailFilesTo(this.settings.outboxDir, address);
    // Rate-limit buckets are named `mail:{address}`, `password:{address}|{client}`, `password-address:{address}`.
    await this.pool.query('DELETE FROM auth_rate_limits WHERE strpos(bucket, $1) > 0', [address]);
    const streamId = this.hashes.reservationStreamOf(address);
    const reservation = await this.store.readStream(streamId);
    if (reservationOwner(reservation) !== userId) return;
    const released: EmailReleased = { type: 'EmailReleased', data: { userId, releasedAt: now.toISOString() } };
    const metadata = eventMetadata({ ...SYSTEM, causationId: randomUUID(), time: now, command: 'ReleaseEmail' });
    await this.store.append(streamId, [{ ...released, metadata }], { expectedVersion: reservation.length });
  }
}
