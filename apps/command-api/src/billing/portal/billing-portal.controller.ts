import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { createBillingPortalSession } from '@jokes/contracts';
import { SubscriptionNotFoundError, subscriptionDecider, subscriptionStreamId } from '@jokes/domain';
import { aggregateStream, EVENT_STORE, type EventStore } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config.js';
import { BillingGateway } from '../gateway/billing-gateway.js';

/** Manage Subscription on the account page: a portal session for the caller's customer. */
@Controller()
export class BillingPortalController {
  constructor(
    @Inject(BillingGateway) private readonly gateway: BillingGateway,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  @Post(createBillingPortalSession.path)
  @HttpCode(200)
  async create(@Body() body: unknown, @CurrentCaller() caller: Caller | undefined): Promise<{ url: string }> {
    const who = requireCaller(caller);
    const request = parseOrBadRequest(createBillingPortalSession.body!, body);
    assertOwnUserId(who, request.user_id);
    const { state } = await aggregateStream(this.store, subscriptionStreamId(who.userId), subscriptionDecider);
    if (state.status === 'none') throw new SubscriptionNotFoundError(who.userId);
    return { url: await this.gateway.createPortalSession(state.customerId, this.returnUrl(request.return_url)) };
  }

  /** Only back to this site: a portal must not become an open redirect. */
  private returnUrl(requested: string | undefined): string {
    const fallback = `${this.config.publicUrl}/account`;
    if (!requested) return fallback;
    return new URL(requested).origin === new URL(this.config.publicUrl).origin ? requested : fallback;
  }
}
