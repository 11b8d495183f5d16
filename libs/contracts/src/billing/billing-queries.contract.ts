import { z } from 'zod';
import { dateRangeQuery } from '../date-range.schema.js';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { planType, subscriptionRow, subscriptionStatus } from './billing.schema.js';

const ownUser = z.object({ user_id: text().min(1, 'user_id is required') });

/** SPEC section 7: the web's "direct subscription check", the caller's own rows. */
export const listSubscriptions = defineContract({
  name: 'listSubscriptions',
  method: 'GET',
  path: '/api/subscriptions',
  side: 'query',
  reads: ['subscriptions'],
  query: ownUser,
  response: z.array(subscriptionRow),
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});

/** The caller's own, or anyone's for the support and admin roles. */
export const debugSubscription = defineContract({
  name: 'debugSubscription',
  method: 'GET',
  path: '/api/debug-subscription/:id',
  side: 'query',
  reads: ['subscriptions', 'entitlements'],
  response: z.object({ user_id: z.string(), has_active_subscription: z.boolean(), subscriptions: z.array(subscriptionRow) }),
  errors: { 401: errorBody, 403: errorBody },
});

/** SPEC section 3, "Subscription detail shown", for the account page's card. */
export const subscriptionDetail = z.object({
  status: subscriptionStatus.nullable(),
  /** The account page's rule: active or trialing. */
  isActive: z.boolean(),
  /** The home page's rule (active, trialing, past_due) = has_active_subscription. */
  isPro: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  plan: planType.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  stripeCustomerId: z.string().nullable(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetail>;

export const getSubscriptionDetail = defineContract({
  name: 'getSubscriptionDetail',
  method: 'GET',
  path: '/api/subscription-status',
  side: 'query',
  reads: ['entitlements'],
  query: ownUser,
  response: subscriptionDetail,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});

export const billingConfig = z.object({
  /** local: confirm cards with the product's own form (confirmCard); stripe: with Stripe.js. */
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().nullable(),
  trialDays: z.number().int(),
  plans: z.record(planType, z.object({ amount: z.number().int(), currency: z.string(), interval: z.enum(['month', 'year']) })),
  /** Only for the local provider: the test cards it knows, to show beside the form. */
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })),
});
export type BillingConfig = z.infer<typeof billingConfig>;

export const getBillingConfig = defineContract({
  name: 'getBillingConfig',
  method: 'GET',
  path: '/api/billing/config',
  side: 'query',
  response: billingConfig,
});

export const trialConversionDay = z.object({
  day: z.string(),
  plan: planType,
  trials_started: z.number().int(),
  trials_converted: z.number().int(),
  trials_canceled: z.number().int(),
});

/** For the analyst and admin roles: trials started, converted and canceled per day and plan. */
export const trialConversions = defineContract({
  name: 'trialConversions',
  method: 'GET',
  path: '/api/analytics/trial-conversions',
  side: 'query',
  reads: ['trial_conversions'],
  query: dateRangeQuery,
  response: z.object({ days: z.array(trialConversionDay) }),
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody },
});
