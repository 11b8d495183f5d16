import { Body, Controller, Headers, HttpCode, NotFoundException, Post, Res } from '@nestjs/common';
import { CONSISTENT_POSITION_HEADER, syncUser, syncUserRequest, type AppUser } from '@jokes/contracts';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { EntitlementView } from '../billing/billing.entities.js';
import { ConsistencyService, pollUntil } from '../consistency/consistency.service.js';
import { UserView } from './user.entity.js';

@Controller()
export class SyncUserController {
  constructor(
    private readonly em: EntityManager,
    private readonly consistency: ConsistencyService,
  ) {}

  @Post(syncUser.path)
  @HttpCode(200)
  async sync(
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Headers(CONSISTENT_POSITION_HEADER) position: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AppUser> {
    const who = requireCaller(caller);
    const request = parseOrBadRequest(syncUserRequest, body);
    assertOwnUserId(who, request.id);
    await this.consistency.beforeReading(syncUser.reads, position, response);
    // A token is proof the account exists; its row may trail the sign-up by a moment.
    const user = await pollUntil(() => this.em.fork().findOne(UserView, { id: who.userId }));
    if (!user) throw new NotFoundException({ error: 'Not Found', message: 'No account found for this session.' });
    const entitlement = await this.em.fork().findOne(EntitlementView, { userId: who.userId });
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      created_at: user.createdAt.toISOString(),
      // Null until the first checkout creates a customer at the payment provider.
      stripe_customer_id: entitlement?.stripeCustomerId ?? null,
      // Active, trialing or past due (SPEC section 4); only a literal true counts.
      has_active_subscription: entitlement?.hasActiveSubscription === true,
      selected_voice_id: null,
      email_confirmed: user.emailConfirmed,
      roles: who.roles,
    };
  }
}
