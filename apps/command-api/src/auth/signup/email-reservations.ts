import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { normalizeEmail, reservationOwner, userStreamId, type EmailReserved } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, WrongExpectedVersionError, type CommandOrigin, type EventStore } from '@jokes/event-store';
import pg from 'pg';
import { AddressHashes } from '../../infrastructure/address-hashes.js';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';

/**
 * What a sign-up may do with an address:
 * - new: this request reserved it and registers `userId`;
 * - stranded: an earlier sign-up reserved it for `userId` and stopped before
 *   registering; this request completes that registration;
 * - taken: `userId` is registered;
 * - busy: another sign-up of the address is running right now.
 */
export type Claim = { kind: 'new' | 'stranded' | 'taken'; userId: string } | { kind: 'busy' };

/**
 * E-mail uniqueness. The address's reservation stream (named by a keyed hash of
 * it, never the address) is appended to at the version read, so two racing
 * sign-ups cannot both win; its last EmailReserved names the owner, and an
 * EmailReleased after it (the owner was erased) frees the address again. An
 * advisory lock held for the whole sign-up says "a sign-up of this address is
 * running": without it a reservation whose user stream is still empty could
 * be a sign-up in progress or one that crashed; with it, it is the latter.
 */
@Injectable()
export class EmailReservations {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(AddressHashes) private readonly hashes: AddressHashes,
  ) {}

  async withClaim<T>(email: string, proposedUserId: string, origin: CommandOrigin, work: (claim: Claim) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const key = `auth-signup:${normalizeEmail(email)}`;
    let broken: Error | undefined;
    try {
      // try, never wait: a waiting request would hold a pooled connection, and
      // enough of them could starve the pool the lock holder needs to finish.
      const locked = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
      if (!locked.rows[0]?.locked) return await work({ kind: 'busy' });
      try {
        return await work(await this.claim(email, proposedUserId, origin));
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((error: Error) => (broken = error));
      }
    } finally {
      // A connection that failed to unlock is destroyed, which releases the lock.
      client.release(broken);
    }
  }

  private async claim(email: string, userId: string, origin: CommandOrigin): Promise<Claim> {
    const now = new Date();
    const streamId = this.hashes.reservationStreamOf(email);
    const reserved: EmailReserved = { type: 'EmailReserved', data: { email: normalizeEmail(email), userId, reservedAt: now.toISOString() } };
    // No decider: the stream's one rule (one owner at a time) is the expected version's.
    const metadata = eventMetadata({ ...origin, actor: 'anonymous', causationId: randomUUID(), time: now, command: 'ReserveEmail' });
    let history = await this.store.readStream(streamId);
    if (reservationOwner(history) === null) {
      try {
        await this.store.append(streamId, [{ ...reserved, metadata }], { expectedVersion: history.length === 0 ? 'no_stream' : history.length });
        return { kind: 'new', userId };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        history = await this.store.readStream(streamId);
      }
    }
    const owner = reservationOwner(history);
    if (!owner) throw new Error(`Reservation stream ${streamId} has no owner`);
    const registered = await this.store.readStream(userStreamId(owner), { toVersion: 1n });
    return { kind: registered.length > 0 ? 'taken' : 'stranded', userId: owner };
  }
}
