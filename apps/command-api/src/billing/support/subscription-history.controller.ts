import { Controller, Get, Inject, NotFoundException, Param, Query } from '@nestjs/common';
import { subscriptionHistoryByEmail, subscriptionHistoryOfUser, type SubscriptionHistory } from '@jokes/contracts';
import { reservationOwner, subscriptionStreamId } from '@jokes/domain';
import { EVENT_STORE, type EventStore } from '@jokes/event-store';
import { type Caller, CurrentCaller, parseOrBadRequest, requireAnyRole } from '@jokes/server';
import { AddressHashes } from '../../infrastructure/address-hashes.js';
import { subscriptionTimeline } from './subscription-timeline.js';

const SUPPORT_ROLES = ['support', 'admin'];

/**
 * The support audit reads the event store itself, not a read model: the
 * timeline is exactly what was recorded, and the newest fact is never missing.
 */
@Controller()
export class SubscriptionHistoryController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(AddressHashes) private readonly hashes: AddressHashes,
  ) {}

  @Get(subscriptionHistoryOfUser.path)
  async ofUser(@Param('userId') userId: string, @CurrentCaller() caller: Caller | undefined): Promise<SubscriptionHistory> {
    requireAnyRole(caller, SUPPORT_ROLES, 'Subscription histories are for support staff.');
    return subscriptionTimeline(userId, await this.store.readStream(subscriptionStreamId(userId)));
  }

  @Get(subscriptionHistoryByEmail.path)
  async byEmail(@Query() query: unknown, @CurrentCaller() caller: Caller | undefined): Promise<SubscriptionHistory> {
    requireAnyRole(caller, SUPPORT_ROLES, 'Subscription histories are for support staff.');
    const { email } = parseOrBadRequest(subscriptionHistoryByEmail.query!, query);
    // The e-mail reservation stream is the authority on who owns an address (an erased owner's is released).
    const userId = reservationOwner(await this.store.readStream(this.hashes.reservationStreamOf(email)));
    if (!userId) throw new NotFoundException({ error: 'Not Found', message: 'No account uses this e-mail address.' });
    return subscriptionTimeline(userId, await this.store.readStream(subscriptionStreamId(userId)));
  }
}
