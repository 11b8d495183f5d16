import { Controller } from '@nestjs/common';
import {
  debugSubscription,
  getSubscriptionDetail,
  listSubscriptions,
  type PlanTypeValue,
  type SubscriptionDetail,
  type SubscriptionRow,
  type SubscriptionStatusValue,
} from '@jokes/contracts';
import { isActiveForAccount, isPro } from '@jokes/domain';
import { entitlementsReadModel, subscriptionsReadModel, type SubscriptionView } from '@jokes/read-models';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { entityOf } from '@jokes/read-models/entities';

const toRow = (row: SubscriptionView): SubscriptionRow => ({
  id: row.id,
  user_id: row.user_id,
  stripe_subscription_id: row.stripe_subscription_id,
  stripe_customer_id: row.stripe_customer_id,
  status: row.status as SubscriptionStatusValue,
  plan: row.plan as PlanTypeValue,
  current_period_end: row.current_period_end?.toISOString() ?? null,
  cancel_at_period_end: row.cancel_at_period_end,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

async function rowsOf(em: EntityManager, userId: string): Promise<SubscriptionRow[]> {
  const rows = await em.find(entityOf(subscriptionsReadModel), { user_id: userId }, { orderBy: { created_at: 'desc', stripe_subscription_id: 'asc' } });
  return rows.map(toRow);
}

/** The subscription reads of the web: the direct check, the debug view, the account card. */
@Controller()
export class SubscriptionsController {
  @ReadQuery(listSubscriptions, { caller: 'owner', owner: ({ query }) => query.user_id })
  async list(@Read() { query, em }: ReadOf<typeof listSubscriptions>): Promise<SubscriptionRow[]> {
    return rowsOf(em, query.user_id);
  }

  /** The caller's own, or anyone's for support staff. */
  @ReadQuery(debugSubscription, { caller: 'owner', owner: ({ params }) => params.id, orRoles: ['support', 'admin'] })
  async debug(@Read() { params, em }: ReadOf<typeof debugSubscription>) {
    const userId = params.id!;
    const entitlement = await em.findOne(entityOf(entitlementsReadModel), { user_id: userId });
    // Only a literal true counts (SPEC section 3).
    return { user_id: userId, has_active_subscription: entitlement?.has_active_subscription === true, subscriptions: await rowsOf(em, userId) };
  }

  @ReadQuery(getSubscriptionDetail, { caller: 'owner', owner: ({ query }) => query.user_id })
  async detail(@Read() { query, em }: ReadOf<typeof getSubscriptionDetail>): Promise<SubscriptionDetail> {
    const row = await em.findOne(entityOf(entitlementsReadModel), { user_id: query.user_id });
    return {
      status: (row?.status as SubscriptionStatusValue | undefined) ?? null,
      isActive: isActiveForAccount(row?.status),
      isPro: isPro(row?.status),
      currentPeriodEnd: row?.current_period_end?.toISOString() ?? null,
      plan: (row?.plan as PlanTypeValue | undefined) ?? null,
      cancelAtPeriodEnd: row?.cancel_at_period_end ?? false,
      stripeCustomerId: row?.stripe_customer_id ?? null,
    };
  }
}
