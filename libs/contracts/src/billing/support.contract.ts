import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { subscriptionStatus } from './billing.schema.js';

/** Who or what caused a step: the user, a provider webhook, the billing clock. */
export const timelineCause = z.object({
  /** A user id, 'billing-clock' (automatic renewals, retries, ends) or 'billing-provider' (a request at the provider, e.g. its portal). */
  actor: z.string(),
  webhook_event_id: z.string().nullable(),
  webhook_event_type: z.string().nullable(),
  correlation_id: z.string().nullable(),
  causation_id: z.string().nullable(),
});

export const timelineEntry = z.object({
  event_id: z.string(),
  version: z.number().int(),
  type: z.string(),
  /** When it happened at the provider (the event's own time). */
  occurred_at: z.string(),
  /** When it was recorded. */
  recorded_at: z.string(),
  /** The subscription's status after this event. */
  status_after: subscriptionStatus,
  subscription_id: z.string(),
  summary: z.string(),
  data: z.record(z.string(), z.unknown()),
  cause: timelineCause,
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const subscriptionHistory = z.object({
  user_id: z.string(),
  status: subscriptionStatus.nullable(),
  timeline: z.array(timelineEntry),
});
export type SubscriptionHistory = z.infer<typeof subscriptionHistory>;

/** Support audit straight from the event store; the support or admin role is required (403 otherwise). */
export const subscriptionHistoryOfUser = defineContract({
  name: 'subscriptionHistoryOfUser',
  method: 'GET',
  path: '/api/support/users/:userId/subscription-history',
  side: 'command',
  response: subscriptionHistory,
  errors: { 401: errorBody, 403: errorBody },
});

export const subscriptionHistoryByEmail = defineContract({
  name: 'subscriptionHistoryByEmail',
  method: 'GET',
  path: '/api/support/subscription-history',
  side: 'command',
  query: z.object({ email: text().email('Please enter a valid email address') }),
  response: subscriptionHistory,
  errors: { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody },
});
