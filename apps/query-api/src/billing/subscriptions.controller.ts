import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import {
  CONSISTENT_POSITION_HEADER,
  debugSubscription,
  getSubscriptionDetail,
  listSubscriptions,
  type PlanTypeValue,
  type SubscriptionDetail,
  type SubscriptionRow,
  type SubscriptionStatusValue,
} from '@jokes/contracts';
import { isActiveForAccount, isPro } from '@jokes/domain';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller, requireSelfOrSupport } from '@jokes/server';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { ConsistencyService } from '../consistency/consistency.service.js';
import { EntitlementView, SubscriptionView } from './billing.entities.js';

type SubscriptionEntity = InstanceType<typeof SubscriptionView.class>;

const toRow = (row: SubscriptionEntity): SubscriptionRow => ({
  id: row.id,
  user_id: row.userId,
  stripe_subscription_id: row.stripeSubscriptionId,
  stripe_customer_id: row.stripeCustomerId,
  status: row.status as SubscriptionStatusValue,
  plan: row.plan as PlanTypeValue,
  current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
  cancel_at_period_end: row.cancelAtPeriodEnd,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The subscription reads of the web: the direct check, the debug view, the account card. */
@Controller()
export class SubscriptionsController {
  constructor(
    private readonly em: EntityManager,
    private readonly consistency: ConsistencyService,
  ) {}

  @Get(listSubscriptions.path)
  async list(
    @Query() query: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Headers(CONSISTENT_POSITION_HEADER) position: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SubscriptionRow[]> {
    const who = requireCaller(caller);
    const { user_id } = parseOrBadRequest(listSubscriptions.query!, query);
    assertOwnUserId(who, user_id);
    await this.consistency.beforeReading(listSubscriptions.reads, position, response);
    return this.rowsOf(user_id);
  }

  @Get(debugSubscription.path)
  async debug(
    @Param('id') userId: string,
    @CurrentCaller() caller: Caller | undefined,
    @Headers(CONSISTENT_POSITION_HEADER) position: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    requireSelfOrSupport(caller, userId);
    await this.consistency.beforeReading(debugSubscription.reads, position, response);
    const entitlement = await this.em.fork().findOne(EntitlementView, { userId });
    // Only a literal true counts (SPEC section 3).
    return { user_id: userId, has_active_subscription: entitlement?.hasActiveSubscription === true, subscriptions: await this.rowsOf(userId) };
  }

  @Get(getSubscriptionDetail.path)
  async detail(
    @Query() query: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Headers(CONSISTENT_POSITION_HEADER) position: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SubscriptionDetail> {
    const who = requireCaller(caller);
    const { user_id } = parseOrBadRequest(getSubscriptionDetail.query!, query);
    assertOwnUserId(who, user_id);
    await this.consistency.beforeReading(getSubscriptionDetail.reads, position, response);
    const row = await this.em.fork().findOne(EntitlementView, { userId: user_id });
    return {
      status: (row?.status as SubscriptionStatusValue | undefined) ?? null,
      isActive: isActiveForAccount(row?.status),
      isPro: isPro(row?.status),
      currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
      plan: (row?.plan as PlanTypeValue | undefined) ?? null,
      cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
      stripeCustomerId: row?.stripeCustomerId ?? null,
    };
  }

  private async rowsOf(userId: string): Promise<SubscriptionRow[]> {
    const rows = await this.em.fork().find(SubscriptionView, { userId }, { orderBy: { createdAt: 'desc', stripeSubscriptionId: 'asc' } });
    return rows.map(toRow);
  }
}
