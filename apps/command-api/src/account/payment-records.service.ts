import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { paymentRecordsKeyOf, subscriptionStreamId, type PaymentRecordsErased } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, PersonalDataKeys, projectionsReached, type Cursor, type EventStore } from '@jokes/event-store';
import { log } from '@jokes/server';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { AccountDeletions } from './account-deletions.repository.js';

export type PaymentRecordsOutcome = 'erased' | 'already-erased' | 'waiting-for-read-models';

/** The read models that copy payment records (the provider's ids) and drop them on PaymentRecordsErased. */
export const PAYMENT_RECORD_READ_MODELS = ['subscriptions', 'entitlements'] as const;

const SYSTEM = { correlationId: randomUUID(), actor: 'system:privacy-job' };

/**
 * The end of an erased person's payment records (issue 11): PAYMENT_RECORDS_YEARS
 * after their erasure, their provider ids and amounts, sealed under their
 * payment-records key, become unreadable for good.
 *
 * 1. PaymentRecordsErased is appended once per subscription of the stream (read
 *    while the key still opens it), so the read models drop their copies;
 * 2. the key is destroyed only once every running projection that copies the
 *    records has applied those events: a projection that read them after the
 *    key was gone could no longer tell which of its rows they are about. Until
 *    then the outcome is `waiting-for-read-models` and the next run goes on;
 * 3. the row of account_deletions records it.
 *
 * Every step can be done again: a run killed half-way is completed by the next.
 */
@Injectable()
export class PaymentRecordsErasure {
  /** How long one run waits for the read models before leaving the key to the next run. */
  readModelWaitMs = 10_000;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PersonalDataKeys) private readonly keys: PersonalDataKeys,
    @Inject(AccountDeletions) private readonly deletions: AccountDeletions,
  ) {}

  /** `waitMs`: how long to wait for the read models (the job waits once per run: if they lag for one person, they lag for all). */
  async erase(userId: string, now = new Date(), waitMs = this.readModelWaitMs): Promise<PaymentRecordsOutcome> {
    const key = paymentRecordsKeyOf(userId);
    if ((await this.keys.stateOf(key)) === 'destroyed') {
      await this.deletions.markPaymentRecordsErased(userId, now);
      return 'already-erased';
    }
    const streamId = subscriptionStreamId(userId);
    const events = await this.store.readStream(streamId);
    const subscriptionIdOf = (event: { data: unknown }) => (event.data as { subscriptionId: string }).subscriptionId;
    const erased = new Set(events.filter((event) => event.type === 'PaymentRecordsErased').map(subscriptionIdOf));
    const pending = [...new Set(events.filter((event) => event.type === 'CheckoutStarted').map(subscriptionIdOf))].filter((id) => !erased.has(id));

    let last: Cursor | undefined = events.findLast((event) => event.type === 'PaymentRecordsErased');
    if (pending.length > 0) {
      const metadata = eventMetadata({ ...SYSTEM, causationId: randomUUID(), time: now, command: 'ErasePaymentRecords' });
      const appended = pending.map((subscriptionId): PaymentRecordsErased & { metadata: typeof metadata } => ({
        type: 'PaymentRecordsErased',
        data: { userId, subscriptionId, erasedAt: now.toISOString() },
        metadata,
      }));
      const result = await this.store.append(streamId, appended, { expectedVersion: events.at(-1)?.streamVersion ?? 'no_stream' });
      last = result.position;
    }
    if (last && !(await this.readModelsReached(last, waitMs))) {
      log('info', 'payment records: waiting for the read models before destroying the key', { userId });
      return 'waiting-for-read-models';
    }
    await this.keys.destroy(key);
    await this.deletions.markPaymentRecordsErased(userId, now);
    log('info', 'payment records erased', { userId, subscriptions: pending.length });
    return 'erased';
  }

  /** Every projection that copies payment records and has ever run (it has a checkpoint) has passed `cursor`. */
  private async readModelsReached(cursor: Cursor, waitMs: number): Promise<boolean> {
    const names = (
      await this.pool.query<{ name: string }>('SELECT name FROM projection_checkpoints WHERE name = ANY($1::text[])', [[...PAYMENT_RECORD_READ_MODELS]])
    ).rows.map((row) => row.name);
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await projectionsReached(this.pool, names, cursor)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
