import { defineEntity, p } from '@mikro-orm/postgresql';

/** The `subscriptions` read model (SPEC section 3), written by the projectors. */
export const SubscriptionView = defineEntity({
  name: 'SubscriptionView',
  tableName: 'subscriptions',
  readonly: true,
  properties: {
    stripeSubscriptionId: p.string().primary(),
    id: p.uuid(),
    userId: p.string(),
    stripeCustomerId: p.string(),
    status: p.string(),
    plan: p.string(),
    currentPeriodEnd: p.datetime().nullable(),
    cancelAtPeriodEnd: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

/** The `entitlements` read model: one row per user who ever started a checkout. */
export const EntitlementView = defineEntity({
  name: 'EntitlementView',
  tableName: 'entitlements',
  readonly: true,
  properties: {
    userId: p.string().primary(),
    hasActiveSubscription: p.boolean(),
    status: p.string(),
    plan: p.string(),
    stripeCustomerId: p.string(),
    stripeSubscriptionId: p.string(),
    currentPeriodEnd: p.datetime().nullable(),
    cancelAtPeriodEnd: p.boolean(),
    trialUsed: p.boolean(),
    updatedAt: p.datetime(),
  },
});
