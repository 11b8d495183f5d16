import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateSubscriptionResponse } from '@jokes/contracts';
import {
  AlreadySubscribedError,
  decideSubscription,
  discountedAmount,
  InvalidPromoCodeError,
  isPro,
  normalizePromoCode,
  TRIAL_DAYS,
  type SubscriptionState,
} from '@jokes/domain';
import { log } from '@jokes/server';
import { BillingGateway, type ProviderCheckout, type Promotion } from '../gateway/billing-gateway.js';
import { SubscriptionStreams } from '../subscription-streams.js';
import { CreateSubscriptionCommand } from './create-subscription.command.js';

/**
 * Starts a checkout: the provider first (customer, subscription waiting for a
 * card), then CheckoutStarted on the user's stream. If the append fails, the
 * provider's subscription is canceled again, so no half of it stays behind.
 */
@CommandHandler(CreateSubscriptionCommand)
export class CreateSubscriptionHandler implements ICommandHandler<CreateSubscriptionCommand, CreateSubscriptionResponse> {
  constructor(
    @Inject(BillingGateway) private readonly gateway: BillingGateway,
    @Inject(SubscriptionStreams) private readonly streams: SubscriptionStreams,
  ) {}

  async execute({ input, context }: CreateSubscriptionCommand): Promise<CreateSubscriptionResponse> {
    const { userId, plan } = input;
    const { state, position, version } = await this.streams.load(userId);
    if (isPro(state.status)) throw new AlreadySubscribedError();
    const promoCode = normalizePromoCode(input.promoCode);
    const promotion = promoCode ? await this.gateway.findPromotion(promoCode) : null;
    if (promoCode && !promotion) throw new InvalidPromoCodeError(promoCode);

    // The same choices again (say, after a declined card): the waiting checkout is reused.
    if (state.status === 'incomplete' && state.plan === plan && state.promoCode === promoCode) {
      const pending = await this.gateway.pendingCheckout(state.subscriptionId);
      if (pending) return response(pending, { trial: state.withTrial, amount: state.amount, currency: state.currency, promotion, position: position! });
    }

    const commandId = randomUUID();
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
    // The state the decision really replaced (another request may have won the race).
    let decidedOn: SubscriptionState = state;
    try {
      appended = await this.streams.execute(
        userId,
        ({ state: current }) => {
          decidedOn = current;
          return decideSubscription(
            { type: 'StartCheckout', data: { userId, subscriptionId: checkout.subscriptionId, customerId, plan, promoCode, amount, currency: price.currency, withTrial } },
            current,
            { now: checkout.created },
          );
        },
        { correlationId: context.correlationId, causationId: commandId, actor: userId, traceparent: context.traceparent, command: 'CreateSubscription' },
      );
    } catch (error) {
      await this.gateway.cancelNow(checkout.subscriptionId).catch((cancelError: unknown) =>
        log('error', 'could not cancel an unrecorded checkout at the provider', { subscriptionId: checkout.subscriptionId, error: String(cancelError) }),
      );
      throw error;
    }
    await this.abandon(decidedOn, checkout.subscriptionId);
    return response(checkout, { trial: withTrial, amount, currency: price.currency, promotion, position: appended.position! });
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
