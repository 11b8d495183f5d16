import { Inject, Injectable } from '@nestjs/common';
import type { CreateSubscriptionResponse } from '@jokes/contracts';
import {
  AlreadySubscribedError,
  discountedAmount,
  InvalidPromoCodeError,
  isPro,
  normalizePromoCode,
  subscriptionDecider,
  subscriptionStreamId,
  TRIAL_DAYS,
  type PlanType,
  type SubscriptionState,
} from '@jokes/domain';
import { aggregateStream, EVENT_STORE, formatCursor, runCommand, type CommandOrigin, type EventStore } from '@jokes/event-store';
import { log } from '@jokes/server';
import { BillingGateway, type ProviderCheckout, type Promotion } from '../gateway/billing-gateway.js';

/** The provider's webhook of this very checkout may land between the read and the append; a few retries settle it. */
const RETRIES = 4;

/** What a checkout is asked for: the route's body in the domain's words, the caller checked. */
export interface CheckoutRequest {
  userId: string;
  email: string;
  plan: PlanType;
  promoCode: string | null;
}

/**
 * Starts a checkout: the provider first (customer, subscription waiting for a
 * card), then CheckoutStarted on the user's stream through runCommand. If the
 * append fails, the provider's subscription is canceled again, so no half of it
 * stays behind.
 */
@Injectable()
export class CreateSubscriptionHandler {
  constructor(
    @Inject(BillingGateway) private readonly gateway: BillingGateway,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute(input: CheckoutRequest, origin: CommandOrigin): Promise<CreateSubscriptionResponse> {
    const { userId, plan } = input;
    const streamId = subscriptionStreamId(userId);
    const { state, position, version } = await aggregateStream(this.store, streamId, subscriptionDecider);
    if (isPro(state.status)) throw new AlreadySubscribedError();
    const promoCode = normalizePromoCode(input.promoCode);
    const promotion = promoCode ? await this.gateway.findPromotion(promoCode) : null;
    if (promoCode && !promotion) throw new InvalidPromoCodeError(promoCode);

    // The same choices again (say, after a declined card): the waiting checkout is reused.
    if (state.status === 'incomplete' && state.plan === plan && state.promoCode === promoCode) {
      const pending = await this.gateway.pendingCheckout(state.subscriptionId);
      if (pending) return response(pending, { trial: state.withTrial, amount: state.amount, currency: state.currency, promotion, position: formatCursor(position!) });
    }

    // Keyed by what was decided on (the stream's version and the choices): a
    // double submission gets the same customer and subscription from the
    // provider, and the decider records that checkout once.
    const idempotencyKey = `checkout:${userId}:v${version}:${plan}:${promoCode ?? ''}`;
    const price = await this.gateway.priceOf(plan);
    const withTrial = state.status === 'none' || !state.trialUsed;
    const customerId =
      state.status === 'none' ? await this.gateway.createCustomer({ userId, email: input.email }, `${idempotencyKey}:customer`) : state.customerId;
    const checkout = await this.gateway.startCheckout(
      { customerId, userId, plan, price, promotion, trialDays: withTrial ? TRIAL_DAYS : 0 },
      `${idempotencyKey}:subscription`,
    );
    const amount = discountedAmount(price.amount, promotion?.percentOff ?? 0);

    let appended;
    try {
      // Decided again on the newest state if another request won the race (a webhook, a double submission).
      appended = await runCommand(
        this.store,
        subscriptionDecider,
        streamId,
        { type: 'StartCheckout', data: { userId, subscriptionId: checkout.subscriptionId, customerId, plan, promoCode, amount, currency: price.currency, withTrial } },
        { actor: userId, origin, context: { now: checkout.created }, commandName: 'CreateSubscription', retries: RETRIES },
      );
    } catch (error) {
      await this.gateway.cancelNow(checkout.subscriptionId).catch((cancelError: unknown) =>
        log('error', 'could not cancel an unrecorded checkout at the provider', { subscriptionId: checkout.subscriptionId, error: String(cancelError) }),
      );
      throw error;
    }
    // The state the decision really replaced (another request may have won the race).
    await this.abandon(appended.previousState, checkout.subscriptionId);
    return response(checkout, { trial: withTrial, amount, currency: price.currency, promotion, position: appended.answer! });
  }

  /** A replaced checkout is canceled at the provider too (best effort: it would expire in a day anyway). */
  private async abandon(previous: SubscriptionState, replacedBy: string): Promise<void> {
    if (previous.status !== 'incomplete' || previous.subscriptionId === replacedBy) return;
    await this.gateway.cancelNow(previous.subscriptionId).catch((error: unknown) =>
      log('warn', 'could not cancel a replaced checkout', { subscriptionId: previous.subscriptionId, error: String(error) }),
    );
  }
}

function response(
  checkout: ProviderCheckout,
  extra: { trial: boolean; amount: number; currency: string; promotion: Promotion | null; position: string },
): CreateSubscriptionResponse {
  return {
    clientSecret: checkout.clientSecret,
    subscriptionId: checkout.subscriptionId,
    intentType: checkout.intentType,
    trial: extra.trial,
    amount: extra.amount,
    currency: extra.currency,
    promoApplied: extra.promotion !== null,
    position: extra.position,
  };
}
