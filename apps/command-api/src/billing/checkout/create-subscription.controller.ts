import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createSubscription, createSubscriptionRequest, type CreateSubscriptionResponse } from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { Origin } from '../../http/command-origin.js';
import { CreateSubscriptionCommand } from './create-subscription.command.js';

@Controller()
export class CreateSubscriptionController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(createSubscription.path)
  @HttpCode(200)
  async create(@Body() body: unknown, @CurrentCaller() caller: Caller | undefined, @Origin() origin: CommandOrigin): Promise<CreateSubscriptionResponse> {
    const who = requireCaller(caller);
    const request = parseOrBadRequest(createSubscriptionRequest, body);
    assertOwnUserId(who, request.user_id);
    return this.commandBus.execute(
      new CreateSubscriptionCommand(
        // The verified address wins over the one in the body.
        { userId: who.userId, email: who.email ?? request.email, plan: request.plan_type, promoCode: request.promo_code },
        origin,
      ),
    );
  }
}
