import { z } from 'zod';
import { defineContract, errorBody } from '../contract.js';
import { position } from '../jokes/joke.schema.js';
import { text } from '../text.schema.js';
import { providerErrorBody } from './billing.schema.js';

// What Stripe hosts for browsers, played by the local payment provider, its
// own process behind the edge. It runs only without STRIPE_SECRET_KEY; with
// Stripe configured these calls answer 404.

/** The product's own card form posts here instead of to Stripe.js. */
export const confirmCardRequest = z.object({
  clientSecret: text().min(1),
  /** Spaces allowed: '4242 4242 4242 4242'. */
  cardNumber: text(),
  /** MM/YY. */
  expiry: text(),
  cvc: text(),
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

/**
 * 402 with Stripe's card error, e.g. `{ error: { code: 'card_declined', message: 'Your card was declined.' } }`.
 * Only the signed-in owner of the checkout may confirm it: 401 without a session, 403 for anyone else.
 */
export const confirmCard = defineContract({
  name: 'confirmCard',
  method: 'POST',
  path: '/api/local-billing/confirm-card',
  side: 'local-provider',
  body: confirmCardRequest,
  response: confirmCardResponse,
  errors: { 401: errorBody, 402: providerErrorBody, 403: errorBody, 404: errorBody },
});

export const billingClock = z.object({ now: z.string(), offsetSeconds: z.number() });

/**
 * One advance moves the clock at most a year (366 days, so any calendar year
 * fits): enough for every trial, renewal and retry, and no single request can
 * push the provider's dates out of range.
 */
export const MAX_CLOCK_ADVANCE_SECONDS = 366 * 86_400;
export const CLOCK_ADVANCE_TOO_FAR = 'The billing clock moves at most one year (366 days) per call.';

export const getBillingClock = defineContract({
  name: 'getBillingClock',
  method: 'GET',
  path: '/api/local-billing/clock',
  side: 'local-provider',
  devTool: true,
  response: billingClock,
  errors: { 403: errorBody, 404: errorBody },
});

/**
 * Like a Stripe test clock: moves the local provider's time forward, runs every
 * renewal, retry and end that came due, and delivers the webhooks before answering.
 */
export const advanceBillingClock = defineContract({
  name: 'advanceBillingClock',
  method: 'POST',
  path: '/api/local-billing/clock/advance',
  side: 'local-provider',
  devTool: true,
  body: z.union([z.object({ seconds: z.number().int().positive().max(MAX_CLOCK_ADVANCE_SECONDS, CLOCK_ADVANCE_TOO_FAR) }), z.object({ to: text().datetime({ offset: true }) })]),
  response: billingClock.extend({ processed: z.number().int(), delivered: z.number().int(), position: position.nullable() }),
  errors: { 400: errorBody, 403: errorBody, 404: errorBody },
});

/** The local provider's billing portal: a server-rendered page, opened in a new tab. */
export const localPortalPage = defineContract({
  name: 'localPortalPage',
  method: 'GET',
  path: '/api/local-billing/portal/:sessionId',
  side: 'local-provider',
  response: z.string(),
  errors: { 404: errorBody },
});

export const PORTAL_ACTIONS = ['cancel', 'resume', 'change-plan'] as const;

/**
 * The portal page's buttons post here with the signed-in user's bearer token
 * (the page reads it from the web's auth session, AUTH_STORAGE_KEY, on the
 * same origin) and are redirected back to the page (303). Only the owner of
 * the portal session may act: 401 without a session, 403 for anyone else.
 */
export const localPortalAction = defineContract({
  name: 'localPortalAction',
  method: 'POST',
  path: '/api/local-billing/portal/:sessionId/:action',
  side: 'local-provider',
  body: z.object({ plan: z.enum(['monthly', 'yearly']).optional() }),
  response: z.unknown(),
  errors: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
});
