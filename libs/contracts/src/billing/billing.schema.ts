import { z } from 'zod';

export const PLAN_TYPE_VALUES = ['monthly', 'yearly'] as const;
export const planType = z.enum(PLAN_TYPE_VALUES);
export type PlanTypeValue = z.infer<typeof planType>;

/** incomplete: the checkout waits for a card and grants nothing (see isPro in @jokes/domain). */
export const subscriptionStatus = z.enum(['incomplete', 'trialing', 'active', 'past_due', 'canceled']);
export type SubscriptionStatusValue = z.infer<typeof subscriptionStatus>;

/** A row of the `subscriptions` table (SPEC section 3), with what the account page shows besides. */
export const subscriptionRow = z.object({
  id: z.string(),
  user_id: z.string(),
  stripe_subscription_id: z.string(),
  stripe_customer_id: z.string(),
  status: subscriptionStatus,
  plan: planType,
  /** The trial end while trialing, else the end of the paid period. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRow>;

/**
 * A payment provider's error as Stripe shapes it, so the subscribe page shows
 * the same messages with the local provider and with Stripe.
 */
export const providerErrorBody = z.object({
  error: z.object({
    type: z.string(),
    code: z.string(),
    decline_code: z.string().optional(),
    param: z.string().optional(),
    message: z.string(),
  }),
});
export type ProviderErrorBody = z.infer<typeof providerErrorBody>;

export const SUBSCRIPTION_ERROR_MESSAGES = {
  createFailed: 'Failed to create subscription',
  portalFailed: 'Portal Redirect Failed',
  notFound: 'No Subscription Found',
} as const;
