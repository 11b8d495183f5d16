import { Body, Controller, Headers, HttpCode, NotFoundException, Post, Res } from '@nestjs/common';
import { CONSISTENT_POSITION_HEADER, syncUser, syncUserRequest, type AppUser } from '@jokes/contracts';
import { assertOwnUserId, CurrentCaller, requireCaller, type Caller } from '@jokes/server';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { EntitlementView } from '../billing/billing.entities.js';
import { ConsistencyService } from '../consistency/consistency.service.js';
import { parseOrBadRequest } from '../http/parse.js';
import { UserView } from './user.entity.js';

/** A token is proof the account exists; its row may trail the sign-up by a moment. */
const APPEAR_TIMEOUT_MS = 2000;

/** The subscription fields come from the entitlements read model. */
const READS = [...new Set([...(syncUser.reads ?? []), 'entitlements'])];

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
    if (!(await this.consistency.waitFor(READS, position))) response.setHeader('x-consistency', 'stale');
    const user = await this.findUser(who.userId);
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

  private async findUser(userId: string) {
    const deadline = Date.now() + APPEAR_TIMEOUT_MS;
    for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
      const user = await this.em.fork().findOne(UserView, { id: userId });
      if (user || Date.now() + delay > deadline) return user;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
