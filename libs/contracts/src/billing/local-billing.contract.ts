import { z } from 'zod';
import { defineContract, errorBody } from '../contract.js';
import { position } from '../jokes/joke.schema.js';
import { providerErrorBody } from './billing.schema.js';

// These calls exist only while the local payment provider is in use (no
// STRIPE_SECRET_KEY); with Stripe configured they answer 404.

/** The product's own card form posts here instead of to Stripe.js. */
export const confirmCardRequest = z.object({
  clientSecret: z.string().min(1),
  /** Spaces allowed: '4242 4242 4242 4242'. */
  cardNumber: z.string(),
  /** MM/YY. */
  expiry: z.string(),
  cvc: z.string(),
});
export type ConfirmCardRequest = z.infer<typeof confirmCardRequest>;

export const confirmCardResponse = z.object({
  status: z.literal('succeeded'),
  intentType: z.enum(['setup', 'payment']),
  paymentMethod: z.object({ id: z.string(), brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
  /** The webhooks the confirmation caused were applied up to here (read your writes). */
  position: position.nullable(),
});
export type ConfirmCardResponse = z.infer<typeof confirmCardResponse>;

/** 402 with Stripe's card error, e.g. `{ error: { code: 'card_declined', message: 'Your card was declined.' } }`. */
export const confirmCard = defineContract({
  name: 'confirmCard',
  method: 'POST',
  path: '/api/local-billing/confirm-card',
  side: 'command',
  body: confirmCardRequest,
  response: confirmCardResponse,
  errors: { 402: providerErrorBody, 404: errorBody },
});

export const billingClock = z.object({ now: z.string(), offsetSeconds: z.number() });

export const getBillingClock = defineContract({
  name: 'getBillingClock',
  method: 'GET',
  path: '/api/local-billing/clock',
  side: 'command',
  response: billingClock,
  errors: { 404: errorBody },
});

/**
 * Like a Stripe test clock: moves the local provider's time forward, runs every
 * renewal, retry and end that came due, and delivers the webhooks before answering.
 */
export const advanceBillingClock = defineContract({
  name: 'advanceBillingClock',
  method: 'POST',
  path: '/api/local-billing/clock/advance',
  side: 'command',
  body: z.union([z.object({ seconds: z.number().int().positive() }), z.object({ to: z.string().datetime({ offset: true }) })]),
  response: billingClock.extend({ processed: z.number().int(), delivered: z.number().int(), position: position.nullable() }),
  errors: { 400: errorBody, 404: errorBody },
});

/** The local provider's billing portal: a server-rendered page, opened in a new tab. */
export const localPortalPage = defineContract({
  name: 'localPortalPage',
  method: 'GET',
  path: '/api/local-billing/portal/:sessionId',
  side: 'command',
  response: z.string(),
  errors: { 404: errorBody },
});

export const PORTAL_ACTIONS = ['cancel', 'resume', 'change-plan'] as const;

/** The portal page's forms post here and are redirected back to the page (303). */
export const localPortalAction = defineContract({
  name: 'localPortalAction',
  method: 'POST',
  path: '/api/local-billing/portal/:sessionId/:action',
  side: 'command',
  body: z.object({ plan: z.enum(['monthly', 'yearly']).optional() }),
  response: z.unknown(),
  errors: { 400: errorBody, 404: errorBody },
});
