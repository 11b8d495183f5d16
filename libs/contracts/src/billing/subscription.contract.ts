import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { position } from '../jokes/joke.schema.js';
import { text } from '../text.schema.js';
import { planType } from './billing.schema.js';

/** SPEC section 3, Subscribe request. The promo code is trimmed and optional. */
export const createSubscriptionRequest = z.object({
  user_id: text().min(1),
  email: text().email('Please enter a valid email address'),
  plan_type: planType,
  promo_code: text()
    .trim()
    .max(64)
    .nullish()
    .transform((code) => (code ? code : null)),
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequest>;

export const createSubscriptionResponse = z.object({
  /** Hand to the provider's card confirmation (Stripe.js, or the local card form). */
  clientSecret: z.string(),
  subscriptionId: z.string(),
  /** setup: a trial starts once the card is saved (confirmCardSetup); payment: pay now (confirmCardPayment). */
  intentType: z.enum(['setup', 'payment']),
  trial: z.boolean(),
  /** What each period costs after the promo code, in cents. */
  amount: z.number().int(),
  currency: z.string(),
  promoApplied: z.boolean(),
  position,
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

/**
 * Starts a checkout at the payment provider. Errors are `{ error }` (SPEC
 * section 7): 400 for an unknown promo code, 409 when already subscribed,
 * 502 'Failed to create subscription' when the provider fails.
 */
export const createSubscription = defineContract({
  name: 'createSubscription',
  method: 'POST',
  path: '/api/create-subscription',
  side: 'command',
  body: createSubscriptionRequest,
  response: createSubscriptionResponse,
  errors: { 400: validationErrorBody.or(errorBody), 401: errorBody, 403: errorBody, 409: errorBody, 502: errorBody },
});

export const createBillingPortalSession = defineContract({
  name: 'createBillingPortalSession',
  method: 'POST',
  path: '/api/billing-portal',
  side: 'command',
  body: z.object({ user_id: text().min(1).optional(), return_url: text().url().optional() }),
  /** Open in a new tab: Stripe's portal, or the local provider's portal page. */
  response: z.object({ url: z.string() }),
  errors: { 401: errorBody, 403: errorBody, 404: errorBody, 502: errorBody },
});

/**
 * Where both Stripe and the local provider deliver their signed events. The
 * body is read raw: the signature covers its exact bytes.
 */
export const stripeWebhook = defineContract({
  name: 'stripeWebhook',
  method: 'POST',
  path: '/api/stripe/webhook',
  side: 'command',
  signedBody: true,
  response: z.object({ received: z.literal(true), appended: z.number().int(), position: position.nullable() }),
  errors: { 400: errorBody },
});
