import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { createSubscription, createSubscriptionRequest, type CreateSubscriptionResponse } from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../../http/command-origin.js';
import { CreateSubscriptionHandler } from './create-subscription.handler.js';

@Controller()
export class CreateSubscriptionController {
  constructor(@Inject(CreateSubscriptionHandler) private readonly checkouts: CreateSubscriptionHandler) {}

  @Post(createSubscription.path)
  @HttpCode(200)
  async create(@Body() body: unknown, @CurrentCaller() caller: Caller | undefined, @Origin() origin: CommandOrigin): Promise<CreateSubscriptionResponse> {
    const who = requireCaller(caller);
    const request = parseOrBadRequest(createSubscriptionRequest, body);
    assertOwnUserId(who, request.user_id);
    return this.checkouts.execute(
      // The verified address wins over the one in the body.
      { userId: who.userId, email: who.email ?? request.email, plan: request.plan_type, promoCode: request.promo_code },
      origin,
    );
  }
}
